import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * A screen with a fine pointer, hovering, and room for the card beside its cover: a desktop,
 * where the guess box can take the focus at once. On a phone (touch, or a narrow window) that
 * would open the keyboard over the clue before the player has read it.
 */
export const AUTOFOCUS_QUERY = "(min-width: 768px) and (hover: hover) and (pointer: fine)";

function isDesktop(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(AUTOFOCUS_QUERY).matches;
}

/**
 * Next Anime → takes no press for this long after the answer appears, so that a double tap or
 * a second Enter meant for the guess cannot pass the reveal unread.
 */
export const REVEAL_HOLD_MS = 700;

/**
 * Where the focus goes as the round moves on, so the keyboard flow is: Enter to guess; when the
 * round ends, the answer (the reveal takes the focus, so a screen reader reads it and a second
 * Enter lands on nothing); Tab to Next Anime →, Enter for the next anime, whose box takes the
 * focus. When the control in use gets disabled otherwise (the cooldown), the focus goes to Skip.
 * The screen's first form focuses its box on a desktop only (see AUTOFOCUS_QUERY); one mounted in
 * place of the previous round's form (`replacesForm`) takes it, as that form's control went.
 */
export function useControlFocus({
  box,
  submit,
  skip,
  reveal,
  roundNumber,
  canGuess,
  ended,
  replacesForm,
}: {
  box: RefObject<HTMLInputElement | null>;
  submit: RefObject<HTMLButtonElement | null>;
  skip: RefObject<HTMLButtonElement | null>;
  reveal: RefObject<HTMLElement | null>;
  roundNumber: number;
  canGuess: boolean;
  /** The round has ended: its answer is on screen. */
  ended: boolean;
  replacesForm: boolean;
}): void {
  const shown = useRef(replacesForm ? null : { roundNumber, canGuess, ended });
  const firstForm = useRef(!replacesForm);

  useEffect(() => {
    if (!firstForm.current) return;
    firstForm.current = false;
    const active = document.activeElement;
    const idle = active === null || active === document.body;
    if (idle && canGuess && isDesktop()) box.current?.focus();
  }, [box, canGuess]);

  useEffect(() => {
    const before = shown.current;
    shown.current = { roundNumber, canGuess, ended };
    if (before?.roundNumber === roundNumber && before.canGuess === canGuess) return;
    const active = document.activeElement;
    const onControls =
      active === null ||
      active === document.body ||
      [box, submit, skip, reveal].some((control) => control.current === active);
    if (!onControls) return;
    const freshReveal =
      ended && before !== null && before.roundNumber === roundNumber && !before.ended;
    if (freshReveal) reveal.current?.focus();
    else if (canGuess) box.current?.focus();
    else skip.current?.focus();
  }, [box, submit, skip, reveal, roundNumber, canGuess, ended]);
}

/**
 * Whether Next Anime → is still held after a reveal seen happening (REVEAL_HOLD_MS); a round
 * that had ended before the form showed it is not held.
 */
export function useRevealHold(ended: boolean): boolean {
  const [held, setHeld] = useState(false);
  const [wasEnded, setWasEnded] = useState(ended);
  // Derived during render (React's pattern for state from earlier renders): the moment it ends.
  if (ended !== wasEnded) {
    setWasEnded(ended);
    setHeld(ended);
  }
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setHeld(false), REVEAL_HOLD_MS);
    return () => clearTimeout(timer);
  }, [held]);
  return held;
}
