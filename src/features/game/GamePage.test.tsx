import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, dealtAnime, patchGame, seedAnime } from "@testing/world";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";

// The game screen's journeys (a round, guesses, Skip, the cooldown) are played in the browser
// (tests/e2e/game.spec.ts) and its rules in convex/game.test.ts; here only what a browser test
// cannot set up: a server held mid-call, a fake clock, reduced motion, a round patched in place.

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

/** The cover shows blur step `step` (0: the start) at the round's own address. */
function expectCover(step: number) {
  expect(cover().getAttribute("src")).toMatch(new RegExp(`/cover/[0-9a-f]{32}/${step}$`));
  expect(cover().style.filter).toBe(`blur(calc(${(0.5 * BLUR_STEPS_PX[step]) / 256} * 100cqw))`);
}
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });

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

describe("a round", () => {
  test("shows Loading anime... while the server opens the visit, then the round", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 1);
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
    expect(await screen.findByRole("heading", { name: "Clue" })).toBeInTheDocument();
    expect(screen.queryByText("Loading anime...")).not.toBeInTheDocument();
  });

  test("an empty guess is ignored", async () => {
    const game = await openGame();
    const calls = vi.spyOn(game.backend, "call");
    await guess(game, "   ");
    await game.user.click(submitButton());
    expect(calls.mock.calls.filter(([, path]) => path === "game:guess")).toEqual([]);
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();
  });
});

describe("the celebration", () => {
  test("is left out for players who asked for reduced motion", async () => {
    stubReducedMotion(true);
    const game = await openGame();
    await guessRight(game);
    await screen.findByText("Correct! You got it!");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId("confetti")).not.toBeInTheDocument();
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
