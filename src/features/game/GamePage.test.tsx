import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ann, dealtAnime, patchGame, seedAnime, signUp } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import { renderApp, renderSignedIn } from "@testing/client/render";

type Game = Awaited<ReturnType<typeof renderSignedIn>>;

afterEach(() => {
  vi.useRealTimers();
});

/** Signs Ann in on /game over a pool of `pool` anime and waits for the first round. */
async function openGame(pool = 3, backend = new InProcessBackend()) {
  if (pool > 0) await seedAnime(backend, pool);
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  return game;
}

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const cover = () => screen.getByRole("img", { name: /cover/i });

/** The cover shows blur step `step` (0: the start) at the round's own address, or the clear cover. */
function expectCover(step: number | "clear") {
  expect(cover().getAttribute("src")).toMatch(new RegExp(`/cover/[0-9a-f]{32}/${step}$`));
  expect(cover().style.filter).toBe(
    step === "clear" ? "none" : `blur(calc(${(0.5 * BLUR_STEPS_PX[step]) / 256} * 100cqw))`,
  );
}
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });
const clueText = () =>
  screen.getByRole("heading", { name: "Clue" }).nextElementSibling!.textContent;

async function guess({ user }: Game, text: string) {
  // The previous guess is judged once Submit is enabled again.
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await user.type(guessBox(), `${text}{Enter}`);
}

async function guessRight(game: Game) {
  const anime = await dealtAnime(game.backend, ann);
  await guess(game, anime.title.english!);
  return anime;
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("a visitor", () => {
  test("gets the login dialog and a prompt to log in, then plays once logged in", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 2);
    await signUp(backend, ann);
    const { user } = renderApp("/game", { backend });

    const dialog = await screen.findByRole("dialog", { name: "Welcome Back!" });
    // Behind the modal dialog, the page's own prompt (hidden from assistive tech meanwhile).
    expect(
      screen.getByRole("button", { name: "Log in to play", hidden: true }),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Email"), ann.email);
    await user.type(within(dialog).getByLabelText("Password"), ann.password);
    await user.click(within(dialog).getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Clue" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Guess the Anime" })).toBeInTheDocument();
  });
});

describe("a round", () => {
  test("shows Loading anime..., then the cover, the clue as text, the counters and the score", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, [
      { english: "Markup Show", clue: 'A <b>bold</b> hero & "friends".\nGenres: Action' },
    ]);
    // Hold the visit's opening on the server until the loading message has been seen.
    let releaseStart = () => {};
    const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
    let opening = () => {};
    const opened = new Promise<void>((resolve) => (opening = resolve));
    const call = backend.call.bind(backend);
    vi.spyOn(backend, "call").mockImplementation(async (kind, path, args, token) => {
      if (path === "game:open") {
        opening();
        await startHeld;
      }
      return await call(kind, path, args, token);
    });
    await renderSignedIn("/game", { backend });
    // The game screen has asked for the visit (the page showed its own loading state before).
    await opened;
    expect(await screen.findByText("Loading anime...")).toBeInTheDocument();
    releaseStart();

    const heading = await screen.findByRole("heading", { name: "Clue" });
    const clue = heading.nextElementSibling!;
    expect(clue.textContent).toBe('A <b>bold</b> hero & "friends".\nGenres: Action');
    expect(clue.querySelector("b")).toBeNull();

    expect(screen.getByRole("heading", { level: 1, name: "Guess the Anime" })).toBeInTheDocument();
    expect(screen.getByText("Score: 0")).toBeInTheDocument();
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 20/20")).toBeInTheDocument();
    expect(guessBox()).toHaveAttribute("placeholder", "Try your best guess...");
    expect(screen.getByRole("button", { name: "Skip" })).toBeEnabled();

    const image = screen.getByRole("img", { name: "Blurred cover of the anime to guess" });
    expectCover(0);
    expect(image).toHaveAttribute("width");
    expect(image).toHaveAttribute("height");
    expect(image.parentElement).toHaveStyle({ backgroundColor: "#5b3a8c" });
    expect(screen.queryByText(/Markup Show/)).not.toBeInTheDocument();
  });

  test("a wrong guess says so for 1.5 s, spends a guess of each kind and sharpens the cover", async () => {
    const game = await openGame();
    await guess(game, "certainly not this one");

    expect(
      await screen.findByText("Wrong! 4 guesses remaining for this anime"),
    ).toBeInTheDocument();
    expect(screen.getByText("Anime Guesses: 4/5")).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 19/20")).toBeInTheDocument();
    expectCover(1);
    expect(guessBox()).toHaveValue("");
    expect(guessBox()).toBeEnabled();

    await waitFor(
      () => expect(screen.queryByText(/Wrong! \d guesses remaining/)).not.toBeInTheDocument(),
      { timeout: 2500 },
    );
  });

  test("an empty guess is ignored", async () => {
    const game = await openGame();
    const calls = vi.spyOn(game.backend, "call");
    await guess(game, "   ");
    await game.user.click(submitButton());
    expect(calls.mock.calls.filter(([, path]) => path === "game:guess")).toEqual([]);
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();
  });

  test("a right first guess: the message, +150, a clear cover, the input locked, the answer", async () => {
    const game = await openGame();
    const anime = await guessRight(game);

    expect(await screen.findByText("Correct! You got it!")).toBeInTheDocument();
    expect(screen.getByText(/\+150 points/)).toBeInTheDocument();
    expect(screen.getByText("Score: 150")).toBeInTheDocument();
    expectCover("clear");
    expect(cover()).toHaveAccessibleName(`Cover of ${anime.title.english}`);
    expect(guessBox()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    const next = screen.getByRole("button", { name: "Next Anime →" });
    expect(next).toHaveFocus();

    const reveal = screen.getByRole("region", { name: "Solved" });
    expect(reveal).toHaveTextContent(`It was ${anime.title.english}`);
    const link = within(reveal).getByRole("link", { name: "View on AniList" });
    expect(link).toHaveAttribute("href", anime.siteUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("a right guess after a wrong one scores 100", async () => {
    const game = await openGame();
    await guess(game, "wrong first");
    await screen.findByText("Anime Guesses: 4/5");
    await guessRight(game);
    expect(await screen.findByText("Score: 100")).toBeInTheDocument();
  });

  test("five wrong guesses run the anime out: the message, the input locked, the answer", async () => {
    const game = await openGame();
    const anime = await dealtAnime(game.backend, ann);
    for (let left = 4; left >= 1; left--) {
      await guess(game, `wrong ${left}`);
      await screen.findByText(`Anime Guesses: ${left}/5`);
    }
    await guess(game, "wrong again");

    expect(
      await screen.findByText("Out of guesses! Press Next Anime → for another one."),
    ).toBeInTheDocument();
    expect(screen.getByText("Anime Guesses: 0/5")).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 15/20")).toBeInTheDocument();
    expectCover("clear");
    expect(guessBox()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next Anime →" })).toBeEnabled();
    expect(screen.getByRole("region", { name: "The answer" })).toHaveTextContent(
      `It was ${anime.title.english}`,
    );
  });

  test("Skip deals a new clue, refills the anime's guesses and tells what the skipped one was", async () => {
    const game = await openGame();
    await guess(game, "a wrong guess");
    await screen.findByText("Anime Guesses: 4/5");
    const skipped = await dealtAnime(game.backend, ann);
    const firstClue = clueText();

    await game.user.click(screen.getByRole("button", { name: "Skip" }));

    const reveal = await screen.findByRole("region", { name: "Skipped" });
    expect(reveal).toHaveTextContent(`It was ${skipped.title.english}`);
    expect(within(reveal).getByRole("link", { name: "View on AniList" })).toHaveAttribute(
      "href",
      skipped.siteUrl,
    );
    expect(clueText()).not.toBe(firstClue);
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 19/20")).toBeInTheDocument();
    expectCover(0);
  });

  test("Next Anime → after a solved round deals the next one, ready to type", async () => {
    const game = await openGame();
    await guessRight(game);
    const firstClue = clueText();
    await game.user.click(await screen.findByRole("button", { name: "Next Anime →" }));

    const skip = await screen.findByRole("button", { name: "Skip" });
    expect(skip).toBeEnabled();
    expect(clueText()).not.toBe(firstClue);
    expect(guessBox()).toBeEnabled();
    expect(guessBox()).toHaveFocus();
    expect(screen.queryByText("Correct! You got it!")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Skipped" })).not.toBeInTheDocument();
    expect(screen.getByText("Score: 150")).toBeInTheDocument();
  });
});

describe("the celebration", () => {
  test("throws confetti for a right guess", async () => {
    stubReducedMotion(false);
    // jsdom has no canvas drawing; react-confetti only needs a context that accepts calls.
    const context = new Proxy({}, { get: () => () => {} });
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(
      context as CanvasRenderingContext2D,
    );
    const game = await openGame();
    await guessRight(game);
    expect(await screen.findByTestId("confetti")).toBeInTheDocument();
  });

  test("is left out for players who asked for reduced motion", async () => {
    stubReducedMotion(true);
    const game = await openGame();
    await guessRight(game);
    await screen.findByText("Correct! You got it!");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId("confetti")).not.toBeInTheDocument();
  });
});

describe("the daily allowance", () => {
  test("the cooldown disables Submit and Skip and counts down; the server's restore shows live", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"],
      shouldAdvanceTime: true,
    });
    const game = await openGame();
    await guessRight(game);
    await screen.findByRole("button", { name: "Next Anime →" });
    // A game left at 0 without a cooldown (an older one): the next attempt starts it.
    await patchGame(game.backend, ann, { dailyRemaining: 0 });
    await screen.findByText("Daily Guesses: 0/20");

    await game.user.click(screen.getByRole("button", { name: "Next Anime →" }));

    const timer = await screen.findByRole("timer");
    expect(timer).toHaveTextContent(/^(10:00|09:59)$/);
    expect(screen.getByText(/Out of daily guesses/)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next Anime →" })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(timer).toHaveTextContent(/^08:5\d$/);

    // The server's scheduled end of the cooldown restores 20 and 5, and the screen follows.
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    expect(await screen.findByText("Daily Guesses: 20/20")).toBeInTheDocument();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next Anime →" })).toBeEnabled();
  });
});

describe("loading an anime", () => {
  /** An empty pool starts a catalogue refresh on the server: AniList is down, so it stays empty. */
  function aniListDown() {
    // The catalogue logs each failed try, as a deployment's log would show it.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response("unavailable", { status: 503 }))),
    );
  }

  test("with an empty pool: retries 3 times, 2 s apart, then gives up", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    aniListDown();
    const backend = new InProcessBackend();
    const calls = vi.spyOn(backend, "call");
    const starts = () => calls.mock.calls.filter(([, path]) => path === "game:open").length;
    await renderSignedIn("/game", { backend });

    expect(await screen.findByText("Error loading anime. Retrying...")).toBeInTheDocument();
    expect(starts()).toBe(1);
    for (let retry = 1; retry <= 3; retry++) {
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(starts()).toBe(1 + retry));
    }
    expect(
      await screen.findByText("Failed to load anime. Please refresh the page."),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(starts()).toBe(4);
  });

  test("plays as soon as a retry finds an anime", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    aniListDown();
    const backend = new InProcessBackend();
    await renderSignedIn("/game", { backend });
    await screen.findByText("Error loading anime. Retrying...");

    await seedAnime(backend, 1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole("heading", { name: "Clue" })).toBeInTheDocument();
    expect(screen.queryByText("Error loading anime. Retrying...")).not.toBeInTheDocument();
  });
});

describe("fair play", () => {
  test("Skip with a pool of one says there is nothing else, and reveals nothing", async () => {
    const game = await openGame(1);
    const firstClue = clueText();
    await game.user.click(screen.getByRole("button", { name: "Skip" }));
    expect(
      await screen.findByText(
        "You've seen every anime in the pool. New ones arrive with the next catalogue refresh.",
      ),
    ).toBeInTheDocument();
    expect(clueText()).toBe(firstClue);
    expect(screen.queryByRole("region", { name: "Skipped" })).not.toBeInTheDocument();
    expect(guessBox()).toBeEnabled();
  });

  test("an anime dealt again after its answer was seen says it won't score, before and after the guess", async () => {
    const game = await openGame(1);
    const anime = await guessRight(game);
    expect(await screen.findByText("Score: 150")).toBeInTheDocument();
    // Dealt again (a later catalogue with nothing new): the screen warns first.
    await patchGame(game.backend, ann, {
      round: {
        number: 2,
        animeId: anime._id,
        guessesUsed: 0,
        status: "playing",
        startedAt: Date.now(),
        seenBefore: true,
      },
      animeRemaining: 5,
    });
    expect(
      await screen.findByText("You've seen this one's answer: it won't score."),
    ).toBeInTheDocument();
    expectCover(0);
    await guess(game, anime.title.english!);
    expect(
      await screen.findByText("No points: you had seen its answer before."),
    ).toBeInTheDocument();
    expect(screen.getByText("Score: 150")).toBeInTheDocument();
  });
});
