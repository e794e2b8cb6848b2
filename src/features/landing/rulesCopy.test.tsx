import { render, screen, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { errorMessages } from "@convex/model/shared/errors";
import { HowToPlayDialog } from "./HowToPlayDialog";

/**
 * The copy renders from the rules: with other numbers in convex/model/shared/rules.ts,
 * accountRules.ts and feedbackRules.ts, How to Play and the error messages say the new ones.
 */
vi.mock("@convex/model/shared/rules", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@convex/model/shared/rules")>()),
  CHALLENGE_GUESSES: 30,
  GUESSES_PER_ANIME: 4,
  DAILY_ANIME_COUNT: 7,
  DAILY_GUESSES_PER_ANIME: 3,
  ROOM_MAX_PLAYERS: 9,
  COOLDOWN_MS: 15 * 60_000,
  POINTS_PER_CORRECT_GUESS: 120,
  QUICK_GUESS_BONUS: 60,
}));
vi.mock("@convex/model/shared/accountRules", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@convex/model/shared/accountRules")>()),
  MIN_PASSWORD_LENGTH: 8,
  USERNAME_MIN_LENGTH: 2,
  USERNAME_MAX_LENGTH: 16,
}));
vi.mock("@convex/model/shared/feedbackRules", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@convex/model/shared/feedbackRules")>()),
  FEEDBACK_TEXT_MAX_LENGTH: 2_000,
  FEEDBACK_INTERVAL_MS: 45_000,
  RATING_MAX: 10,
}));

test("How to Play follows the game's rules", () => {
  render(<HowToPlayDialog open onOpenChange={() => {}} />);
  const dialog = within(screen.getByRole("dialog", { name: "How to Play" }));
  expect(dialog.getByText("You have 30 guesses a day, and up to 4 for each anime.")).toBeVisible();
  expect(
    dialog.getByText(
      /^Used all 30 daily guesses\? A 15-minute cooldown starts, then you get a fresh set: 30, and 4 for an anime still in play\./,
    ),
  ).toBeVisible();
  // The Daily and rooms too, each under a heading of its own.
  expect(dialog.getByRole("heading", { name: /^The Daily/ })).toBeVisible();
  expect(
    dialog.getByText(/^The same 7 anime for everyone, once a day .*, 3 guesses each\.$/),
  ).toBeVisible();
  expect(dialog.getByText(/^No points: finish all 7 to keep your streak/)).toBeVisible();
  expect(dialog.getByRole("heading", { name: /^Party Rooms/ })).toBeVisible();
  expect(dialog.getByText(/^Up to 9 players on the same cover/)).toBeVisible();
  expect(dialog.getByText("+120")).toBeVisible();
  expect(dialog.getByText(/^\+60 quick-guess bonus/)).toBeVisible();
});

test("the error messages follow the account and feedback rules", () => {
  expect(errorMessages.PASSWORD_TOO_SHORT).toBe("Password must be at least 8 characters long");
  expect(errorMessages.INVALID_USERNAME).toMatch(/^Username must be 2-16 characters/);
  expect(errorMessages.FEEDBACK_TOO_LONG).toBe("Each answer can be at most 2,000 characters");
  expect(errorMessages.FEEDBACK_TOO_SOON).toMatch(/Please wait 45 seconds/);
  expect(errorMessages.INVALID_RATING).toMatch(/from 1 to 10$/);
});
