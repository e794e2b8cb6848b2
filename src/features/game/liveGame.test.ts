// The boot's game:open goes over HTTP, so the live query's first result may be older than the
// round on screen: it must not replace it. Which of two states of a game is the older.
import { expect, test } from "vitest";
import type { GameView } from "@convex/model/game/view";
import { TEMPLATE_SAMPLE_VIEW } from "@/boot/makeRoundTemplate";
import { isOlderGame } from "./liveGame";

const opened: GameView = {
  ...TEMPLATE_SAMPLE_VIEW,
  lastReset: 1_000,
  round: { ...TEMPLATE_SAMPLE_VIEW.round!, number: 4, guessesUsed: 1 },
};

function withRound(game: GameView, round: Partial<NonNullable<GameView["round"]>>): GameView {
  return { ...game, round: { ...game.round!, ...round } };
}

test("a state before the open's reset, deal or guesses is older", () => {
  expect(isOlderGame({ ...opened, lastReset: 999 }, opened)).toBe(true);
  expect(isOlderGame(withRound(opened, { number: 3, guessesUsed: 4 }), opened)).toBe(true);
  expect(isOlderGame(withRound(opened, { guessesUsed: 0 }), opened)).toBe(true);
  // Before the open dealt the first round.
  expect(isOlderGame({ ...opened, round: null }, opened)).toBe(true);
  // A reset that found nothing else to deal keeps the round: only lastReset tells.
  expect(isOlderGame({ ...opened, lastReset: 999, dailyRemaining: 3 }, opened)).toBe(true);
});

test("the same state, or one after it, is not", () => {
  expect(isOlderGame(opened, opened)).toBe(false);
  expect(isOlderGame({ ...opened, dailyRemaining: 0, cooldownEnd: 5_000 }, opened)).toBe(false);
  expect(isOlderGame(withRound(opened, { guessesUsed: 2 }), opened)).toBe(false);
  expect(isOlderGame(withRound(opened, { number: 5, guessesUsed: 0 }), opened)).toBe(false);
  expect(isOlderGame({ ...withRound(opened, { number: 5 }), lastReset: 2_000 }, opened)).toBe(
    false,
  );
});
