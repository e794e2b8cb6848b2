import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ann, dealtAnime, seedAnime } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";

type Game = Awaited<ReturnType<typeof renderSignedIn>>;

afterEach(() => {
  vi.unstubAllGlobals();
});

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });

async function openGame(backend = new InProcessBackend()) {
  const game = await renderSignedIn("/game", { backend });
  // The file's first visit also loads the game screen's code: on a busy machine, seconds.
  await screen.findByRole("heading", { name: "Clue" }, { timeout: 15_000 });
  return game;
}

async function solve(game: Game) {
  const anime = await dealtAnime(game.backend, ann);
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await game.user.clear(guessBox());
  await game.user.type(guessBox(), `${anime.title.english!}{Enter}`);
  await screen.findByText("Correct! You got it!");
}

// The strip, Share today, /me and the suggestions by keyboard are journeys in the browser
// (tests/e2e/daily.spec.ts); here the browser APIs a test must stand in for, and the focus.

describe("the stats strip and sharing", () => {
  test("where the browser has the Web Share API, Share… hands it the same text", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 3);
    const game = await openGame(backend);
    await solve(game);
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share });
    const strip = screen.getByRole("region", { name: "Your streak and today" });
    await game.user.click(await within(strip).findByRole("button", { name: "Share today" }));
    const dialog = await screen.findByRole("dialog");
    await game.user.click(within(dialog).getByRole("button", { name: "Share…" }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0][0]).toEqual({
      text: within(dialog).getByLabelText("Your result").textContent,
    });
    expect(share.mock.calls[0][0].text).toMatch(/ · 1 solved · 150 pts · 🔥 1\n🟩\n/);
  });
});

describe("the guess box's suggestions", () => {
  test("a click on a suggestion fills the box", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, [{ english: "Naruto" }, { english: "Naruto Shippuden" }]);
    const game = await openGame(backend);
    await game.user.type(guessBox(), "naru");
    const option = await screen.findByRole("option", { name: "Naruto Shippuden" });
    await game.user.click(option);
    expect(guessBox()).toHaveValue("Naruto Shippuden");
    expect(guessBox()).toHaveFocus();
  });
});
