import { useEffect, useRef, type RefObject } from "react";

/**
 * When the control in use gets disabled or replaced (the round ended, a new one was dealt), hands
 * the focus to the one that comes next, so the keyboard flow is Enter to guess, Enter for the next
 * anime. The screen's first form takes no focus (it would open a phone's keyboard); one mounted
 * in place of the previous round's form (`replacesForm`) takes it, as that form's control went.
 */
export function useControlFocus({
  box,
  skip,
  roundNumber,
  canGuess,
  replacesForm,
}: {
  box: RefObject<HTMLInputElement | null>;
  skip: RefObject<HTMLButtonElement | null>;
  roundNumber: number;
  canGuess: boolean;
  replacesForm: boolean;
}): void {
  const shown = useRef(replacesForm ? null : { roundNumber, canGuess });
  useEffect(() => {
    const before = shown.current;
    shown.current = { roundNumber, canGuess };
    if (before?.roundNumber === roundNumber && before.canGuess === canGuess) return;
    const active = document.activeElement;
    const onControls =
      active === null ||
      active === document.body ||
      active === box.current ||
      active === skip.current;
    if (!onControls) return;
    if (canGuess) box.current?.focus();
    else skip.current?.focus();
  }, [box, skip, roundNumber, canGuess]);
}
