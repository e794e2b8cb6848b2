import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { DAILY_ANIME_COUNT, DAILY_GUESSES_PER_ANIME } from "@convex/model/shared/rules";
import { DailyHowTo } from "./DailyHowTo";
import { MISSED_SQUARE, SOLVED_SQUARES, squareFor } from "./shareText";

test("How the Daily works opens to the rules and a key for every square a share card can hold", async () => {
  render(<DailyHowTo />);
  await userEvent.click(screen.getByText("How the Daily works"));
  expect(
    screen.getByText(
      `The same ${DAILY_ANIME_COUNT} anime for everyone, in the same order, new every day at 00:00 UTC.`,
      { exact: false },
    ),
  ).toBeVisible();
  // What costs nothing, as the judge has it (a repeat, a list, common words alone).
  expect(
    screen.getByText("A repeated guess, a list, or common words alone cost nothing.", {
      exact: false,
    }),
  ).toBeVisible();
  const key = within(screen.getByRole("list"))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
  const squares = Array.from({ length: DAILY_GUESSES_PER_ANIME }, (_, used) =>
    squareFor({ status: "solved", guessesUsed: used + 1 }),
  );
  expect(key).toEqual([
    ...squares.map((square, used) => `${square} ${["1st", "2nd", "3rd", "4th", "5th"][used]} guess`),
    `${MISSED_SQUARE} missed`,
  ]);
  expect(squares).toEqual(SOLVED_SQUARES.slice(0, DAILY_GUESSES_PER_ANIME));
});
