// The boot paints /game's round display-only: React's first render replaces it, so nothing typed
// or clicked there could be carried over, and nothing is.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { renderRoundTemplate } from "@/entry-prerender";
import { TEMPLATE_SAMPLE_VIEW } from "./makeRoundTemplate";
import { paintRound } from "./paintRound";
import { PAINTED_CLUE_TIMING, type BootAnswer, type BootGame } from "./protocol";
import type { RoundTemplate } from "./roundTemplate";

let template: RoundTemplate;
beforeAll(async () => {
  template = await renderRoundTemplate();
});
afterEach(() => document.body.replaceChildren());

function pageWithEmptyMain(): HTMLElement {
  document.body.innerHTML = '<div id="root"><header></header><main></main></div>';
  return document.querySelector("main")!;
}

function answered(answer: BootAnswer | null): BootGame {
  return { answer, timeZone: "UTC", promise: Promise.resolve(answer) };
}

const sample: BootAnswer = { status: "success", value: TEMPLATE_SAMPLE_VIEW };

test("the painted round shows the clue with a box that takes typing and disabled buttons, marked busy", () => {
  const main = pageWithEmptyMain();
  expect(paintRound(answered(sample), template)).toBe(main);

  expect(screen.getByText(TEMPLATE_SAMPLE_VIEW.round!.clue)).toBeVisible();
  const box = screen.getByRole("combobox", { name: "Your guess" });
  // What is typed there, React's screen takes over (usePaintedGuess).
  expect(box).not.toHaveAttribute("readonly");
  expect(window.__boot?.guessBox?.input).toBe(box);
  expect(box.closest("form")).toHaveAttribute("aria-busy", "true");
  const buttons = within(main).getAllByRole("button");
  // The header GameRoute composes (the Leaderboard button) is painted too, inert like the rest.
  expect(buttons.map((button) => button.textContent)).toEqual([
    "Leaderboard",
    "Submit Guess",
    "Skip",
  ]);
  for (const button of buttons) expect(button).toBeDisabled();
});

test("the painted box stays the one to take the focus over when the page clearing it blurs it, not when the player leaves it", async () => {
  pageWithEmptyMain();
  paintRound(answered(sample), template);
  const box = screen.getByRole("combobox", { name: "Your guess" });
  box.focus();
  const painted = window.__boot!.guessBox!;
  expect(painted.focused).toBe(true);

  // React clears the page to render its own: Chromium blurs the box while it is still on the
  // page, and React's layout effect (usePaintedGuess) reads `focused` later in that same task.
  box.blur();
  box.remove();
  expect(painted.focused).toBe(true);
  await Promise.resolve();
  expect(painted.focused).toBe(true);

  // The player taps elsewhere: the box is left.
  pageWithEmptyMain();
  paintRound(answered(sample), template);
  const again = screen.getByRole("combobox", { name: "Your guess" });
  again.focus();
  again.blur();
  await Promise.resolve();
  expect(window.__boot!.guessBox!.focused).toBe(false);
});

test("the painted clue alone is marked for Element Timing, so the boot sees it shown", () => {
  const main = pageWithEmptyMain();
  paintRound(answered(sample), template);
  const marked = main.querySelectorAll("[elementtiming]");
  expect(marked).toHaveLength(1);
  expect(marked[0]).toBe(screen.getByText(TEMPLATE_SAMPLE_VIEW.round!.clue));
  expect(marked[0]).toHaveAttribute("elementtiming", PAINTED_CLUE_TIMING);
});

test("nothing is painted once React has the page, over anything there, or without a round", () => {
  pageWithEmptyMain();
  expect(paintRound({ ...answered(sample), taken: true }, template)).toBeNull();
  expect(paintRound(answered({ status: "error", errorMessage: "Server Error" }), template)).toBe(
    null,
  );
  expect(paintRound(answered(null), template)).toBeNull();
  expect(document.querySelector("main")).toBeEmptyDOMElement();

  document.querySelector("main")!.append("React's page");
  expect(paintRound(answered(sample), template)).toBeNull();
  expect(document.querySelector("main")).toHaveTextContent("React's page");
});
