import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ann, dealtAnime, gameOf, patchGame, seedAnime } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { COOLDOWN_MS, CHALLENGE_GUESSES, GUESSES_PER_ANIME } from "@convex/model/shared/rules";
import { REPLACED_AT_MIDNIGHT } from "./GameScreen";
import { NEW_DAY_MESSAGE_MS } from "./useNewDayMessage";
import { NEW_DAY_MESSAGE, OUT_OF_GUESSES_MESSAGE } from "./RoundMessage";
import { WRONG_GUESS } from "@testing/fixtures/anime";

// The end of the day's allowance and the midnight reset, on the test client's fake clock: the
// page asks the server (game.sync) at the instants its view names, as the clock passes them.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    shouldAdvanceTime: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openGame() {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  return game;
}

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
/** The round's message (the guess box has a status of its own for its suggestions). */
const roundMessage = () =>
  screen.getByText((_, element) => element?.matches("div[role=status]") ?? false);
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });
const nextButton = () => screen.getByRole("button", { name: "Next Anime →" });
const clueText = () =>
  screen.getByRole("heading", { name: "Clue" }).nextElementSibling!.textContent;

describe("the end of the allowance", () => {
  test("at 0/20 the countdown starts by itself, the message matches the buttons, and after it the anime in play is back at 5/5 and can be guessed", async () => {
    const game = await openGame();
    // One guess left today, so this anime was dealt one (a deal gives at most what is left).
    await patchGame(game.backend, ann, { dailyRemaining: 1, animeRemaining: 1 });
    await screen.findByText(`Daily Guesses: 1/${CHALLENGE_GUESSES}`);
    const clueBefore = clueText();

    await game.user.type(guessBox(), `${WRONG_GUESS}{Enter}`);

    // No click after the guess: the countdown is already running.
    const timer = await screen.findByRole("timer");
    expect(timer).toHaveTextContent(/^(10:00|09:59)$/);
    expect(screen.getByText(`Daily Guesses: 0/${CHALLENGE_GUESSES}`)).toBeInTheDocument();
    // The counter counts what this anime got: one guess, not GUESSES_PER_ANIME.
    expect(screen.getByText("Anime Guesses: 0/1")).toBeInTheDocument();
    expect(roundMessage()).toHaveTextContent(/^Out of daily guesses\. New guesses in/);
    // Both ways on are closed, as the message says; the anime is still in play, unrevealed.
    expect(guessBox()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Skip" })).toBeDisabled();
    expect(screen.queryByRole("region", { name: "The answer" })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(timer).toHaveTextContent(/^09:5\d$/);

    // At the countdown's end the page asks the server, which gives "20 and 5" back.
    await act(() => vi.advanceTimersByTimeAsync(COOLDOWN_MS));
    await screen.findByText(`Daily Guesses: ${CHALLENGE_GUESSES}/${CHALLENGE_GUESSES}`);
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(
      screen.getByText(`Anime Guesses: ${GUESSES_PER_ANIME}/${GUESSES_PER_ANIME}`),
    ).toBeInTheDocument();
    expect(clueText()).toBe(clueBefore);
    expect(guessBox()).toBeEnabled();

    const { title } = await dealtAnime(game.backend, ann);
    await game.user.type(guessBox(), `${title.english}{Enter}`);
    expect(await screen.findByText(/Correct! You got it!/)).toBeInTheDocument();
    expect(roundMessage()).toHaveTextContent("+100 points");
  });

  test("an anime whose own five ran out with the day says Out of guesses, and keeps its 0 after the cooldown", async () => {
    const game = await openGame();
    // Five left today, dealt five: the day's last guess is also the anime's fifth.
    await patchGame(game.backend, ann, { dailyRemaining: 5 });
    await screen.findByText(`Daily Guesses: 5/${CHALLENGE_GUESSES}`);
    // A new text each time: a repeat would be "already tried", for free.
    for (let left = 4; left >= 1; left--) {
      await game.user.type(guessBox(), `${WRONG_GUESS} ${left}{Enter}`);
      await screen.findByText(`Anime Guesses: ${left}/${GUESSES_PER_ANIME}`);
    }
    // One left: said in the singular.
    expect(roundMessage()).toHaveTextContent("Wrong! 1 guess remaining for this anime");
    await game.user.type(guessBox(), `${WRONG_GUESS} 0{Enter}`);
    await screen.findByRole("timer");

    await act(() => vi.advanceTimersByTimeAsync(COOLDOWN_MS + 1_000));
    await screen.findByText(`Daily Guesses: ${CHALLENGE_GUESSES}/${CHALLENGE_GUESSES}`);
    // The ended round keeps its 0: its message names the button that is there, and enabled.
    expect(screen.getByText(`Anime Guesses: 0/${GUESSES_PER_ANIME}`)).toBeInTheDocument();
    expect(roundMessage()).toHaveTextContent(OUT_OF_GUESSES_MESSAGE);
    expect(nextButton()).toBeEnabled();
    expect(submitButton()).toBeDisabled();

    await game.user.click(nextButton());
    await screen.findByText(`Anime Guesses: ${GUESSES_PER_ANIME}/${GUESSES_PER_ANIME}`);
    expect(guessBox()).toBeEnabled();
  });
});

describe("the midnight reset", () => {
  test('says "New day!" for a moment, deals a new anime and keeps a half-typed guess', async () => {
    // A minute before the player's local midnight (the zone the screen reports is this one).
    const lateEvening = new Date();
    lateEvening.setHours(23, 59, 0, 0);
    vi.setSystemTime(lateEvening);
    const game = await openGame();
    await game.user.type(guessBox(), WRONG_GUESS);
    await game.user.keyboard("{Enter}");
    await screen.findByText(`Daily Guesses: ${CHALLENGE_GUESSES - 1}/${CHALLENGE_GUESSES}`);
    await waitFor(() => expect(guessBox()).toHaveValue(""));
    const clueBefore = clueText();
    const { nextResetAt } = await gameOf(game.backend, ann);
    expect(nextResetAt - Date.now()).toBeLessThanOrEqual(60_000);

    await game.user.type(guessBox(), "Half typ");
    await act(() => vi.advanceTimersByTimeAsync(nextResetAt - Date.now() + 1_000));

    expect(await screen.findByText(NEW_DAY_MESSAGE)).toBeInTheDocument();
    expect(
      screen.getByText(`Daily Guesses: ${CHALLENGE_GUESSES}/${CHALLENGE_GUESSES}`),
    ).toBeInTheDocument();
    expect(clueText()).not.toBe(clueBefore);
    expect(guessBox()).toHaveValue("Half typ");
    expect(guessBox()).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(NEW_DAY_MESSAGE_MS));
    expect(screen.queryByText(NEW_DAY_MESSAGE)).not.toBeInTheDocument();
    expect(guessBox()).toHaveValue("Half typ");
  });

  test("ends a cooldown with the notice; Skip afterwards still clears the input", async () => {
    const lateEvening = new Date();
    lateEvening.setHours(23, 58, 0, 0);
    vi.setSystemTime(lateEvening);
    const game = await openGame();
    await patchGame(game.backend, ann, { dailyRemaining: 1, animeRemaining: 1 });
    await screen.findByText(`Daily Guesses: 1/${CHALLENGE_GUESSES}`);
    await game.user.type(guessBox(), `${WRONG_GUESS}{Enter}`);
    await screen.findByRole("timer");

    const { nextResetAt } = await gameOf(game.backend, ann);
    await act(() => vi.advanceTimersByTimeAsync(nextResetAt - Date.now() + 1_000));
    expect(await screen.findByText(NEW_DAY_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(
      screen.getByText(`Anime Guesses: ${GUESSES_PER_ANIME}/${GUESSES_PER_ANIME}`),
    ).toBeInTheDocument();

    await game.user.type(guessBox(), "typed");
    await game.user.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(guessBox()).toHaveValue(""));
    expect(screen.queryByText(NEW_DAY_MESSAGE)).not.toBeInTheDocument();
  });

  test("shows the anime it replaced as unfinished at midnight, not as a skip; Skip then clears the box", async () => {
    const lateEvening = new Date();
    lateEvening.setHours(23, 59, 0, 0);
    vi.setSystemTime(lateEvening);
    const game = await openGame();
    const replaced = await dealtAnime(game.backend, ann);
    await game.user.type(guessBox(), "Half typ");
    const { nextResetAt } = await gameOf(game.backend, ann);
    await act(() => vi.advanceTimersByTimeAsync(nextResetAt - Date.now() + 1_000));

    const unfinished = await screen.findByRole("region", { name: REPLACED_AT_MIDNIGHT });
    expect(unfinished).toHaveTextContent(`It was ${replaced.title.english}`);
    expect(screen.queryByRole("region", { name: "Previous anime" })).not.toBeInTheDocument();
    expect(guessBox()).toHaveValue("Half typ");

    const skipped = await dealtAnime(game.backend, ann);
    await game.user.click(screen.getByRole("button", { name: "Skip" }));
    const reveal = await screen.findByRole("region", { name: "Previous anime" });
    expect(reveal).toHaveTextContent(`Previous anime: ${skipped.title.english}`);
    expect(screen.queryByRole("region", { name: REPLACED_AT_MIDNIGHT })).not.toBeInTheDocument();
    expect(guessBox()).toHaveValue("");
    expect(guessBox()).toHaveFocus();
  });
});
