// The boot's game:open goes over HTTP, so the live query's first result may be older than the
// round on screen: it must not replace it. Which of two states of a game is the older. And the
// page's own timer for the instants the server schedules nothing for.
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { GameView } from "@convex/model/game/view";
import { TEMPLATE_SAMPLE_VIEW } from "@/boot/makeRoundTemplate";
import { MIDNIGHT_SPREAD_MS } from "@convex/model/shared/rules";
import { isOlderGame, useCatchUpTimer } from "./liveGame";

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

describe("the page asks for the reset or the cooldown's end at its instant", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(100_000);
    // The midnight call's spread (MIDNIGHT_SPREAD_MS) at its least: on the instant.
    vi.spyOn(Math, "random").mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const game = (nextResetAt: number, cooldownEnd: number | null = null): GameView => ({
    ...opened,
    nextResetAt,
    cooldownEnd,
  });

  test("not before the instant; asked too early (the server's clock behind), again when the server's clock gets there", async () => {
    // The server's clock runs five seconds behind this device's.
    const sync = vi.fn(() => Promise.resolve({ now: Date.now() - 5_000 }));
    renderHook(() => useCatchUpTimer(game(160_000), null, sync, true));
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(sync).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sync).toHaveBeenCalledTimes(1);
    // The server said 155 s: five more seconds to its 160 s, not one.
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(sync).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sync).toHaveBeenCalledTimes(2);
  });

  test("the cooldown's end when it comes first; once the state moves, the next instant only", async () => {
    const sync = vi.fn(() => Promise.resolve({ now: Date.now() }));
    type Props = { view: GameView; deadline: number | null };
    const initialProps: Props = { view: game(1_000_000, 700_000), deadline: 160_000 };
    const { rerender } = renderHook(
      ({ view, deadline }: Props) => useCatchUpTimer(view, deadline, sync, true),
      { initialProps },
    );
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(sync).toHaveBeenCalledTimes(1);
    // The cooldown has ended: nothing more until midnight.
    rerender({ view: game(1_000_000), deadline: null });
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(sync).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(240_000));
    expect(sync).toHaveBeenCalledTimes(2);
  });

  test("the midnight call comes within MIDNIGHT_SPREAD_MS after it, at a moment each page draws", async () => {
    const sync = vi.fn(() => Promise.resolve({ now: Date.now() }));
    // This page draws the middle of the spread: a second after midnight (160 s here).
    vi.mocked(Math.random).mockReturnValue(0.5);
    renderHook(() => useCatchUpTimer(game(160_000), null, sync, true));
    await act(() => vi.advanceTimersByTimeAsync(60_000 + MIDNIGHT_SPREAD_MS / 2 - 1));
    expect(sync).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sync).toHaveBeenCalledTimes(1);
  });

  test("a cooldown's end is the player's own instant: asked on time, not spread", async () => {
    const sync = vi.fn(() => Promise.resolve({ now: Date.now() }));
    vi.mocked(Math.random).mockReturnValue(0.99);
    renderHook(() => useCatchUpTimer(game(1_000_000, 160_000), 160_000, sync, true));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(sync).toHaveBeenCalledTimes(1);
  });

  test("signed out, it asks nothing", async () => {
    const sync = vi.fn(() => Promise.resolve({ now: Date.now() }));
    renderHook(() => useCatchUpTimer(game(101_000), null, sync, false));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sync).not.toHaveBeenCalled();
  });
});
