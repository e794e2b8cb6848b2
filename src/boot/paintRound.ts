import type { GameView } from "@convex/model/game/view";
import { PAINTED_CLUE_TIMING, type BootGame } from "./protocol";
import { fillRoundTemplate, type RoundTemplate } from "./roundTemplate";

/**
 * Makes the painted round's buttons inert until React replaces it (and Enter submits nothing: the
 * form's only submit button is disabled), the form marked busy. The guess box takes typing: a
 * player who starts on their guess while the app loads loses no keystroke, since React's screen
 * takes over what the box holds (window.__boot.guessBox, src/features/game/usePaintedGuess.ts).
 */
export function makeInert(round: HTMLElement): void {
  for (const form of round.querySelectorAll("form")) form.setAttribute("aria-busy", "true");
  for (const button of round.querySelectorAll("button")) button.disabled = true;
  const input = round.querySelector("input");
  if (input === null) return;
  const box = { input, focused: false };
  input.addEventListener("focus", () => (box.focused = true));
  // Chromium blurs the box as React clears the page to render its own, before the layout effect
  // that takes the focus over reads `focused` (in the same task): so the box counts as left only
  // once that task's work is done and it is still on the page.
  input.addEventListener("blur", () =>
    queueMicrotask(() => {
      if (input.isConnected && document.activeElement !== input) box.focused = false;
    }),
  );
  window.__boot = { ...window.__boot, guessBox: box };
}

/** Names the painted clue for Element Timing, so that the boot learns when it is on screen. */
function markClue(main: HTMLElement, clue: string): void {
  const element = [...main.querySelectorAll("*")].find(
    (candidate) => candidate.childElementCount === 0 && candidate.textContent === clue,
  );
  element?.setAttribute("elementtiming", PAINTED_CLUE_TIMING);
}

/**
 * Paints the answer's round, inert, in the page's <main>, which start.ts emptied, unless React
 * has rendered the page meanwhile or the game has no template; the <main> it painted in.
 */
export function paintRound(call: BootGame, template: RoundTemplate): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("#root main");
  if (call.taken || main === null || main.firstChild !== null) return null;
  const answer = call.answer;
  const game = answer?.status === "success" ? (answer.value as GameView | null) : null;
  const markup = fillRoundTemplate(template, game);
  const clue = game?.round?.clue;
  if (markup === null || clue === undefined) return null;
  main.innerHTML = markup;
  makeInert(main);
  markClue(main, clue);
  return main;
}
