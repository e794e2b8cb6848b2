import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, dealtAnime, seedAnime, type AnimeSeed } from "@testing/world";
import { WRONG_GUESS } from "@testing/fixtures/anime";
import { AUTOFOCUS_QUERY, REVEAL_HOLD_MS } from "./useControlFocus";

// The round's flow on the game screen: its guess history, a repeat, the reveal and what passes
// it, the previous anime's name, and the keyboard's way in.

type Game = Awaited<ReturnType<typeof renderSignedIn>>;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Common words alone: turned away for free whatever is dealt. */
const TOO_GENERIC = "another world";

async function openGame(pool: number | AnimeSeed[] = 3) {
  const backend = new InProcessBackend();
  await seedAnime(backend, pool);
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  return game;
}

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });
const history = () => screen.queryByRole("region", { name: "Your guesses" });
const historyItems = () =>
  within(screen.getByRole("region", { name: "Your guesses" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

async function guess({ user }: Game, text: string) {
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await user.clear(guessBox());
  await user.type(guessBox(), `${text}{Enter}`);
}

/** Pretends to be a desktop (fine pointer, wide) or a phone, for the box's autofocus. */
function stubScreen(desktop: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: desktop && query === AUTOFOCUS_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("the round's guesses", () => {
  test("are listed in order with their outcome, and stay after the wrong-guess message has gone", async () => {
    const game = await openGame();
    expect(history()).not.toBeInTheDocument();

    await guess(game, WRONG_GUESS);
    expect(await screen.findByText(/^Wrong! 4 guesses? remaining/)).toBeInTheDocument();
    await guess(game, TOO_GENERIC);
    expect(
      await screen.findByText(
        "Too general: type a title, or a word only its title has. Not counted.",
      ),
    ).toBeInTheDocument();
    // Refused: the text stays in the box to be fixed.
    expect(guessBox()).toHaveValue(TOO_GENERIC);
    await guess(game, `  ${WRONG_GUESS.toUpperCase()} `);
    expect(
      await screen.findByText("Already tried: that guess is in your list. It cost nothing."),
    ).toBeInTheDocument();

    await waitFor(() =>
      expect(historyItems()).toEqual([
        `${WRONG_GUESS}Wrong`,
        `${TOO_GENERIC}Too general — not counted`,
        `${WRONG_GUESS.toUpperCase()}Already tried — not counted`,
      ]),
    );
    // Only the wrong guess cost anything.
    expect(screen.getByText("Anime Guesses: 4/5")).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 19/20")).toBeInTheDocument();
    // The message goes; the list keeps the wrong guess.
    await waitFor(() => expect(screen.queryByText(/^Wrong!/)).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(historyItems()[0]).toBe(`${WRONG_GUESS}Wrong`);
  });

  test("never show the answer while the round is playing", async () => {
    const game = await openGame(1);
    const anime = await dealtAnime(game.backend, ann);
    await guess(game, WRONG_GUESS);
    await guess(game, TOO_GENERIC);
    await waitFor(() => expect(historyItems()).toHaveLength(2));
    for (const title of [anime.title.english!, anime.title.romaji].filter(Boolean)) {
      expect(document.body.textContent).not.toContain(title);
    }
    expect(history()).not.toHaveTextContent(/Correct/);
  });

  test("end with the right one, marked correct, once the round is solved", async () => {
    const game = await openGame(1);
    const anime = await dealtAnime(game.backend, ann);
    await guess(game, anime.title.english!);
    await waitFor(() => expect(historyItems()).toEqual([`${anime.title.english}Correct`]));
  });
});

describe("the reveal", () => {
  test("takes the focus: a second Enter does not pass it; Next Anime → waits a moment", async () => {
    const game = await openGame();
    const anime = await dealtAnime(game.backend, ann);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await game.user.type(guessBox(), `${anime.title.english}{Enter}`);
    const reveal = await screen.findByRole("region", { name: "Solved" });
    await waitFor(() => expect(reveal).toHaveFocus());
    const next = screen.getByRole("button", { name: "Next Anime →" });
    expect(next).toBeDisabled();

    await game.user.keyboard("{Enter}{Enter}");
    expect(reveal).toHaveFocus();
    expect(reveal).toHaveTextContent(`It was ${anime.title.english}`);
    expect(screen.getByRole("button", { name: "Next Anime →" })).toBe(next);

    // After the moment, Tab past AniList's link to Next Anime →, which deals on purpose.
    await waitFor(() => expect(next).toBeEnabled(), { timeout: REVEAL_HOLD_MS + 1000 });
    await game.user.tab();
    expect(within(reveal).getByRole("link", { name: "View on AniList" })).toHaveFocus();
    await game.user.tab();
    expect(next).toHaveFocus();
    await game.user.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Skip" })).toBeInTheDocument();
    await waitFor(() => expect(guessBox()).toHaveFocus());
  });

  test("shows a title once when its romaji says the same but for case and punctuation", async () => {
    const game = await openGame([{ english: "Death Note", romaji: "DEATH NOTE" }]);
    await guess(game, "Death Note");
    const reveal = await screen.findByRole("region", { name: "Solved" });
    expect(reveal).toHaveTextContent("It was Death Note");
    expect(within(reveal).queryByText("DEATH NOTE")).not.toBeInTheDocument();
  });

  test("keeps a romaji that differs", async () => {
    const game = await openGame([{ english: "Attack on Titan", romaji: "Shingeki no Kyojin" }]);
    await guess(game, "Attack on Titan");
    const reveal = await screen.findByRole("region", { name: "Solved" });
    expect(within(reveal).getByText("Shingeki no Kyojin")).toBeInTheDocument();
  });
});

test("a skipped anime is named under the next clue as the previous anime", async () => {
  const game = await openGame();
  const skipped = await dealtAnime(game.backend, ann);
  await game.user.click(screen.getByRole("button", { name: "Skip" }));
  const previous = await screen.findByRole("region", { name: "Previous anime" });
  expect(previous).toHaveTextContent(`Previous anime: ${skipped.title.english}`);
  expect(previous).not.toHaveTextContent(/skipped/i);
});

describe("the keyboard's way in", () => {
  test("the first Tab reaches Skip to guess, which leads to the guess box", async () => {
    stubScreen(false);
    const game = await openGame();
    expect(guessBox()).not.toHaveFocus();
    await game.user.tab();
    const link = screen.getByRole("link", { name: "Skip to guess" });
    expect(link).toHaveFocus();
    await game.user.keyboard("{Enter}");
    expect(guessBox()).toHaveFocus();
  });

  test("on a desktop the guess box has the focus at once; on a phone it does not", async () => {
    stubScreen(true);
    const desktop = await openGame();
    await waitFor(() => expect(guessBox()).toHaveFocus());
    desktop.unmount();

    stubScreen(false);
    await openGame();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(guessBox()).not.toHaveFocus();
  });
});
