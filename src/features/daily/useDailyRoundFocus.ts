import { useEffect, useRef } from "react";

/**
 * Where the focus goes on one anime of the Daily: a new anime after the first puts it in the
 * guess box (the button that dealt it is gone), and so does the first one on a desktop; the
 * round's end puts it on the answer, so a screen reader reads it.
 */
export function useDailyRoundFocus(index: number, playing: boolean) {
  const boxRef = useRef<HTMLInputElement>(null);
  const revealRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!playing) return;
    const wide = window.matchMedia?.("(min-width: 768px)").matches ?? false;
    if (index > 0 || wide) boxRef.current?.focus();
    // Once per anime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index]);
  useEffect(() => {
    if (!playing) revealRef.current?.focus();
  }, [playing]);
  return { boxRef, revealRef };
}
