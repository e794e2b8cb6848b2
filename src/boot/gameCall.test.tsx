// On a fresh load of /game the boot has already sent game:open (game.ts); the screen shows that
// call's round and never opens the visit twice.
import { screen, waitFor } from "@testing-library/react";
import type { JSONValue } from "convex/values";
import { afterEach, expect, test, vi } from "vitest";
import type { CallResult, FunctionKind } from "@testing/client/wire";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, patchGame, seedAnime } from "@testing/world";
import { TIME_ZONE_STORAGE_KEY } from "./protocol";

afterEach(() => {
  window.__boot = undefined;
  localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
});

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What the boot leaves: the call's promise, its answer once come, the zone it sent. */
function bootCall(answer: Promise<CallResult | null>, arrived: CallResult | null, sent = timeZone) {
  window.__boot = { game: { promise: answer, answer: arrived, timeZone: sent } };
}

function opensSent(client: { requests: { kind: string; path: string }[] }) {
  return client.requests.filter(({ kind, path }) => kind === "mutation" && path === "game:open");
}

async function clueShown(): Promise<string> {
  const heading = await screen.findByRole("heading", { name: "Clue" });
  return heading.nextElementSibling!.textContent ?? "";
}

test("the round the boot asked for shows at once, and the visit is not opened again", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  // The route's code already loaded, as the boot's page preloads it: the first render shows the page.
  await import("@/app/pages/GameRoute");
  let clue = "";
  const { client } = await renderSignedIn("/game", {
    backend,
    beforeRender: async (token) => {
      const answer = await backend.call("mutation", "game:open", { timeZone }, token);
      if (answer.status !== "success") throw new Error(answer.errorMessage);
      clue = (answer.value as { round: { clue: string } }).round.clue;
      bootCall(Promise.resolve(answer), answer);
    },
  });

  // Shown before the client's own sign-in has been answered: no round trip at all.
  expect(await clueShown()).toBe(clue);
  expect(client.roundTrips).toBe(0);
  expect(opensSent(client)).toHaveLength(0);
  await waitFor(() => expect(window.__boot?.game).toBeUndefined());
  // The live state takes over once the sign-in is accepted; still no second visit.
  await client.settled();
  expect(await clueShown()).toBe(clue);
  expect(await screen.findByText("Daily Guesses: 20/20")).toBeInTheDocument();
  expect(opensSent(client)).toHaveLength(0);
});

test("an answer still on its way is waited for, not asked for again", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  let arrive: (answer: CallResult) => void = () => {};
  let answer: CallResult | null = null;
  const { client } = await renderSignedIn("/game", {
    backend,
    beforeRender: async (token) => {
      answer = await backend.call("mutation", "game:open", { timeZone }, token);
      bootCall(new Promise((resolve) => (arrive = resolve)), null);
    },
  });
  await client.settled();
  expect(screen.queryByRole("heading", { name: "Clue" })).toBeNull();

  arrive(answer!);
  expect(await clueShown()).not.toBe("");
  expect(opensSent(client)).toHaveLength(0);
});

test("a boot call that failed leaves the page to open the game itself, once", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  const failed: CallResult = { status: "error", errorMessage: "Server Error" };
  const { client } = await renderSignedIn("/game", {
    backend,
    beforeRender: () => {
      bootCall(Promise.resolve(failed), failed);
      return Promise.resolve();
    },
  });

  expect(await clueShown()).not.toBe("");
  expect(opensSent(client)).toHaveLength(1);
});

test("a later visit to /game in the same tab opens the game itself", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  const { client, router } = await renderSignedIn("/game", {
    backend,
    beforeRender: async (token) => {
      const answer = await backend.call("mutation", "game:open", { timeZone }, token);
      bootCall(Promise.resolve(answer), answer);
    },
  });
  await clueShown();
  await router.navigate("/me");
  await waitFor(() => expect(screen.queryByRole("heading", { name: "Clue" })).toBeNull());
  await router.navigate("/game");
  await clueShown();
  await client.settled();
  expect(opensSent(client)).toHaveLength(1);
});

test("a call that sent another time zone is followed by the page's own, with the player's", async () => {
  const errors = vi.spyOn(console, "error");
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  const elsewhere = timeZone === "Pacific/Auckland" ? "Europe/Paris" : "Pacific/Auckland";
  const { client } = await renderSignedIn("/game", {
    backend,
    beforeRender: async (token) => {
      const answer = await backend.call("mutation", "game:open", { timeZone: elsewhere }, token);
      bootCall(Promise.resolve(answer), answer, elsewhere);
    },
  });

  expect(await clueShown()).not.toBe("");
  // Reported once the client is signed in, not before (it would be refused).
  await waitFor(() => expect(opensSent(client)).toHaveLength(1));
  await client.settled();
  expect(errors).not.toHaveBeenCalled();
  // The zone the game reported is kept for the next load's boot call.
  expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe(timeZone);
});

/** A backend whose next answer to game:state is `stale`: a subscription older than the boot's call. */
class StaleStateOnce extends InProcessBackend {
  stale: CallResult | null = null;

  override async call(
    kind: FunctionKind,
    path: string,
    args: JSONValue,
    token: string | null,
  ): Promise<CallResult> {
    const stale = this.stale;
    if (kind !== "query" || path !== "game:state" || stale === null) {
      return await super.call(kind, path, args, token);
    }
    this.stale = null;
    return stale;
  }
}

test("a first live result older than the boot's round does not replace it; the live game follows", async () => {
  const backend = new StaleStateOnce();
  await seedAnime(backend, 3);
  let clues = { before: "", boot: "" };
  const { client } = await renderSignedIn("/game", {
    backend,
    beforeRender: async (token) => {
      const clueOf = (answer: CallResult) =>
        answer.status === "success" ? (answer.value as { round: { clue: string } }).round.clue : "";
      clues.before = clueOf(await backend.call("mutation", "game:open", { timeZone }, token));
      // What a subscription that predates the boot's call sees: yesterday's round.
      backend.stale = await backend.call("query", "game:state", {}, token);
      // Midnight has passed: the boot's call catches the reset up, which deals a new round.
      await patchGame(backend, { email: ann.email }, { nextResetAt: Date.now() - 1 });
      const answer = await backend.call("mutation", "game:open", { timeZone }, token);
      clues = { ...clues, boot: clueOf(answer) };
      bootCall(Promise.resolve(answer), answer);
    },
  });
  expect(clues.boot).not.toBe(clues.before);

  // Once signed in, the subscription answers, with the older round: the boot's stays.
  await waitFor(() => expect(backend.stale).toBeNull());
  await client.settled();
  expect(await clueShown()).toBe(clues.boot);

  // Once the subscription has caught up, the screen follows it.
  await patchGame(backend, { email: ann.email }, { dailyRemaining: 19 });
  await client.settled();
  expect(await screen.findByText("Daily Guesses: 19/20")).toBeInTheDocument();
  expect(await clueShown()).toBe(clues.boot);
});
