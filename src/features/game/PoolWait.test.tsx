import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";
import { startCoverWorkers } from "@convex/model/catalogue/coverQueue";
import { DEAD_REFRESH_MS, watchRefresh } from "@convex/model/catalogue/refresh";
import { insertAnime } from "@convex/model/judge/titleIndex";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { testAnime } from "@testing/fixtures/anime";
import { insertRefresh } from "@testing/fixtures/refreshes";

// The waiting screen's states a first fill can meet that end only by a server's clock: a refresh
// that died (its watch fails it after 2 minutes), and an image host that is down for a while.
// Their rules are convex-test's (convex/tests/catalogue/freshDeployment.test.ts); here, what the player reads.

afterEach(() => {
  vi.useRealTimers();
});

/** AniList's catalogue never answering, and the image host answering 503. */
function stubHosts() {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit) =>
      url.includes("anilist.co")
        ? new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
          )
        : Promise.resolve(new Response("", { status: 503 })),
    ),
  );
}

describe("the pool's waiting screen", () => {
  test("a refresh that died says so, and Try again starts a new one", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    stubHosts();
    const backend = new InProcessBackend();
    const fills = vi.spyOn(backend, "call");
    await renderSignedIn("/game", { backend });
    await screen.findByRole("heading", { name: "Preparing the anime pool" });

    // Its page's job lost: 2 minutes on, its watch finds no progress and fails it.
    await backend.run(async (ctx) => {
      const refresh = (await ctx.db.query("catalogueRefreshes").order("desc").first())!;
      await ctx.db.patch("catalogueRefreshes", refresh._id, {
        progressAt: Date.now() - DEAD_REFRESH_MS,
        pageJob: undefined,
      });
      await watchRefresh(ctx, refresh._id);
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The anime pool stopped filling");
    expect(alert).toHaveTextContent("made no progress for 2 minutes");

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { name: "Preparing the anime pool" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fills.mock.calls.filter(([, path]) => path === "catalogue:fillAgain")).toHaveLength(1);
  });

  test("covers waiting for the image host say when they are tried again, and follow the retries", async () => {
    // The server's clock too: the retry is due by the time it says.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
    stubHosts();
    const backend = new InProcessBackend();
    // AniList sent the anime; its cover's host answered 503 twice, the next try due in a minute.
    const retryAt = Date.now() + 60_000;
    await backend.run(async (ctx) => {
      await insertRefresh(ctx, {
        trigger: "emptyPool",
        status: "succeeded",
        startedAt: Date.now() - 60_000,
        finishedAt: Date.now() - 30_000,
        pagesFetched: 1,
        itemCount: 1,
        coversMissing: 1,
      });
      const animeId = await insertAnime(ctx, testAnime(1, { english: "Waiting Show" }));
      await ctx.db.patch("anime", animeId, { coverRetryAt: retryAt, coverTries: 2 });
      await startCoverWorkers(ctx, Date.now());
    });
    await renderSignedIn("/game", { backend });

    await screen.findByRole("heading", { name: "Preparing the anime pool" });
    expect(await screen.findByText(retryLine(retryAt))).toBeInTheDocument();
    expect(screen.getByText("0 of 1 anime ready")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();

    // The retry meets the host still down: the next one, 2 minutes later, is on the screen.
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await act(() => backend.t.finishInProgressScheduledFunctions());
    const next = await backend.run(
      async (ctx) => (await ctx.db.query("anime").first())!.coverRetryAt!,
    );
    expect(next).toBeGreaterThanOrEqual(retryAt + 2 * 60_000);
    expect(await screen.findByText(retryLine(next))).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

/** The screen's line for covers retried at `ms`, in the player's clock format. */
function retryLine(ms: number): string {
  const time = new Date(ms).toLocaleTimeString([], {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return `The image host is not answering: trying the covers again at ${time}.`;
}
