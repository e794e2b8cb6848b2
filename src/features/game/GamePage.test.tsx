import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, dealtAnime, patchGame, seedAnime } from "@testing/world";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";

// The game screen's journeys (a round, guesses, Skip, the cooldown) are played in the browser
// (tests/e2e/game.spec.ts) and its rules in convex/tests/game/game.test.ts; here only what a browser test
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

describe("a pool with nothing to deal yet (a fresh deployment)", () => {
  /** AniList as the empty pool's refresh meets it: holding its answer, or down. */
  function aniList(state: "slow" | "down") {
    // The catalogue logs each failed try, as a deployment's log would show it.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) =>
        state === "down"
          ? Promise.resolve(new Response("unavailable", { status: 503 }))
          : new Promise<Response>((_resolve, reject) =>
              init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
            ),
      ),
    );
  }

  function callsOf(backend: InProcessBackend, name: string) {
    const calls = vi.spyOn(backend, "call");
    return () => calls.mock.calls.filter(([, path]) => path === name).length;
  }
  const opensOf = (backend: InProcessBackend) => callsOf(backend, "game:open");

  test("shows the pool being prepared, then the round as soon as an anime is ready, on the same page", async () => {
    aniList("slow");
    const backend = new InProcessBackend();
    const opens = opensOf(backend);
    await renderSignedIn("/game", { backend });

    expect(
      await screen.findByText("Preparing the anime pool: 0 of 50 anime ready"),
    ).toBeInTheDocument();
    expect(screen.getByText("Fetching the most popular anime from AniList")).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load anime/)).not.toBeInTheDocument();
    expect(opens()).toBe(1);

    // The refresh's first cover is made: the live status says so, and the screen asks again.
    await seedAnime(backend, 1);
    expect(await screen.findByRole("heading", { name: "Clue" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Preparing the anime pool" })).toBeNull();
    expect(opens()).toBe(2);
  });

  test("a refresh that fails with nothing ready says so, and Try again starts another", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    aniList("down");
    const backend = new InProcessBackend();
    const fills = callsOf(backend, "catalogue:fillAgain");
    await renderSignedIn("/game", { backend });
    await screen.findByRole("heading", { name: "Preparing the anime pool" });

    // AniList's page is tried 3 times, then the refresh gives up.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The anime pool could not be filled");
    expect(screen.queryByText(/Failed to load anime/)).not.toBeInTheDocument();

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { name: "Preparing the anime pool" }),
    ).toBeInTheDocument();
    expect(fills()).toBe(1);
  });
});

describe("a game that cannot be opened", () => {
  test("retries 3 times, 2 s apart, then says it failed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const backend = new InProcessBackend();
    await seedAnime(backend, 1);
    const call = backend.call.bind(backend);
    const calls = vi
      .spyOn(backend, "call")
      .mockImplementation(async (kind, path, args, token) =>
        path === "game:open"
          ? { status: "error", errorMessage: "Server Error" }
          : await call(kind, path, args, token),
      );
    const opens = () => calls.mock.calls.filter(([, path]) => path === "game:open").length;
    await renderSignedIn("/game", { backend });

    expect(await screen.findByText("Error loading anime. Retrying...")).toBeInTheDocument();
    expect(opens()).toBe(1);
    for (let retry = 1; retry <= 3; retry++) {
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(opens()).toBe(1 + retry));
    }
    expect(
      await screen.findByText("Failed to load anime. Please refresh the page."),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(opens()).toBe(4);
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
