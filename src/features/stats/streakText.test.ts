import { describe, expect, test } from "vitest";
import { accuracyPercent, endedStreakText } from "./streakText";

describe("streak and accuracy wording", () => {
  test("a broken streak is named kindly, with its length; a living one is not", () => {
    const ended = { current: 0, best: 9, ended: 6, solvedToday: false };
    expect(endedStreakText(ended)).toBe("Streak ended at 6 days. Start a new one!");
    expect(endedStreakText({ ...ended, ended: 1 })).toBe("Streak ended at 1 day. Start a new one!");
    expect(endedStreakText({ ...ended, current: 3, ended: null })).toBeNull();
  });

  test("accuracy is solved of rounds played, none before the first round", () => {
    expect(accuracyPercent({ rounds: 3, solved: 2, firstTry: 1 })).toBe(67);
    expect(accuracyPercent({ rounds: 0, solved: 0, firstTry: 0 })).toBeNull();
  });
});
