import { useLayoutEffect, type RefObject } from "react";

/**
 * What the player typed into the round the boot painted (src/boot/paintRound.ts) before React's
 * screen replaced it, taken over once: the text, the caret and the focus. In a layout effect, in
 * the task of the commit that removed the painted box, so that no keystroke falls in between.
 */
export function usePaintedGuess(
  box: RefObject<HTMLInputElement | null>,
  setText: (text: string) => void,
) {
  useLayoutEffect(() => {
    const painted = window.__boot?.guessBox;
    if (painted === undefined) return;
    window.__boot = { ...window.__boot, guessBox: undefined };
    const { value, selectionStart, selectionEnd } = painted.input;
    if (value !== "") setText(value);
    if (!painted.focused || box.current === null) return;
    box.current.focus();
    // After React has put the text in (the state update above commits before the next frame),
    // unless a key has come since: the caret is then where that key left it.
    requestAnimationFrame(() => {
      if (box.current?.value === value) box.current.setSelectionRange(selectionStart, selectionEnd);
    });
  }, [box, setText]);
}
