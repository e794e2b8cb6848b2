import "../convex/env";
import type { IncomingMessage, ServerResponse } from "node:http";
import FakeTimers from "@sinonjs/fake-timers";
import { makeFunctionReference } from "convex/server";
import { internal } from "@convex/_generated/api";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { Id } from "@convex/_generated/dataModel";
import { syncAllTime } from "@convex/model/boards/board";
import type { AnimeFields } from "@convex/model/judge/titleIndex";
import type { FunctionKind } from "../client/wire";
import { InProcessBackend } from "../client/inProcessBackend";
import { offlinePreviewHelp, seedOfflinePool } from "../fixtures/offlinePool";
import { insertTestAnime } from "../fixtures/covers";
import { resetCodeIn, type SentReset } from "../fixtures/accounts";
import { RESET_CODE_LOG_PREFIX } from "@convex/model/accounts/passwordReset";
import { sessionOf } from "../world/players";
import { aniListStandIn, STAND_IN_REFUSAL } from "./aniListStandIn";
import {
  E2E_BASE_PATH,
  type AniListState,
  type ClockRequest,
  type PatchUserRequest,
  type RunRequest,
  type SeedRequest,
} from "./protocol";

type Handler = (body: unknown) => Promise<unknown>;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? {} : (JSON.parse(text) as unknown);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * The e2e test backend: one convex-test database that every browser context
 * shares, reachable over Convex's HTTP API for the app and over a few control
 * routes for the tests (reset, seed, run as a player, advance the clock).
 * The clock is faked (but runs at real speed) so a test can jump ahead to a
 * cooldown's end or a midnight (and move the page's clock with it: the page asks
 * for what is due then, the game schedules nothing per player) or see a room's
 * scheduled functions fire.
 */
export type TestServerOptions = {
  /**
   * `npm run preview:offline`: the pool holds the bundled AniList sample from the start and after
   * every reset, and the health route says so, which is what shows the app's offline banner.
   */
  offline?: boolean;
};

export function createTestServer({ offline = false }: TestServerOptions = {}) {
  const clock = FakeTimers.install({
    now: Date.now(),
    toFake: ["Date", "setTimeout", "clearTimeout"],
    shouldAdvanceTime: true,
    advanceTimeDelta: 10,
    // Vite's module loader keeps timers set before this clock was installed.
    shouldClearNativeTimers: true,
  });
  // The catalogue refresh's requests (the e2e server has no internet): refused unless a test says.
  const aniList = aniListStandIn();
  globalThis.fetch = aniList.fetch;
  // The refresh and the cover jobs log each request the stand-in refused: what a test asked for.
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (!args.some((arg) => String(arg).includes(STAND_IN_REFUSAL))) warn(...args);
  };
  // Password reset codes go to the console here, as no e-mail leaves this machine: the offline
  // preview prints them for the person trying it; the browser tests read the last one per address
  // (its code, or its link).
  process.env.AUTH_RESET_CODES_TO_LOG = "true";
  const resetCodes = new Map<string, SentReset>();
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    const sent = resetCodeIn(args.map(String).join(" "), RESET_CODE_LOG_PREFIX);
    if (sent !== null) resetCodes.set(sent.email, sent);
    if (sent === null || offline) log(...args);
  };
  let backend = new InProcessBackend();
  const seeded = async (fresh: InProcessBackend) => {
    if (offline) await fresh.run(seedOfflinePool);
    return fresh;
  };
  let ready = seeded(backend);
  const streams = new Set<ServerResponse>();
  const broadcast = () => {
    for (const stream of streams) stream.write("event: change\ndata: {}\n\n");
  };
  let stopForwarding = backend.onChange(broadcast);

  async function userIdByEmail(email: string): Promise<string> {
    const user = await backend.t.run(async (ctx) =>
      ctx.db
        .query("users")
        .withIndex("by_email", (q) => q.eq("email", email.toLowerCase()))
        .first(),
    );
    if (user === null) throw new Error(`No user with e-mail ${email}`);
    return user._id;
  }

  /**
   * The subject of a token for the player with `email`: one of their sessions (a test's own call
   * acts as a device of theirs that is signed in), made when they have none.
   */
  async function subjectOf(email: string): Promise<string> {
    const userId = (await userIdByEmail(email)) as Id<"users">;
    const sessionId = await sessionOf(backend.t, userId);
    return `${userId}|${sessionId}`;
  }

  const control: Record<string, Handler> = {
    reset: async () => {
      aniList.reset();
      resetCodes.clear();
      stopForwarding();
      backend = new InProcessBackend();
      stopForwarding = backend.onChange(broadcast);
      ready = seeded(backend);
      await ready;
      broadcast();
      return null;
    },
    seed: async (body) => {
      const { table, documents } = body as SeedRequest;
      return await backend.run(async (ctx) => {
        const ids: string[] = [];
        for (const document of documents) {
          const fields = jsonToConvex(document as JSONValue);
          // Anime go in as the catalogue stores them (title index) with generated covers.
          const id =
            table === "anime"
              ? await insertTestAnime(ctx, fields as AnimeFields)
              : await ctx.db.insert(table as never, fields as never);
          // A seeded player's score is on the all-time board, as the backfill puts it.
          if (table === "users")
            await syncAllTime(ctx, (await ctx.db.get("users", id as string as Id<"users">))!);
          ids.push(id);
        }
        return ids;
      });
    },
    "patch-user": async (body) => {
      const { email, fields } = body as PatchUserRequest;
      const userId = await userIdByEmail(email);
      return await backend.run(async (ctx) => {
        await ctx.db.patch(userId as never, fields as never);
        await syncAllTime(ctx, (await ctx.db.get("users", userId as Id<"users">))!);
        return null;
      });
    },
    run: async (body) => {
      const { kind, path, args = {}, email } = body as RunRequest;
      // Through the backend's own callers: the fold and the scheduled jobs follow, as after a
      // client's call.
      const caller =
        email === undefined ? backend : backend.withIdentity({ subject: await subjectOf(email) });
      const convexArgs = jsonToConvex(args as JSONValue) as Record<string, never>;
      const result: unknown =
        kind === "query"
          ? await caller.query(makeFunctionReference<"query">(path), convexArgs)
          : kind === "mutation"
            ? await caller.mutation(makeFunctionReference<"mutation">(path), convexArgs)
            : await caller.action(makeFunctionReference<"action">(path), convexArgs);
      broadcast();
      return convexToJson(result as never);
    },
    /** How AniList and its image host answer the catalogue refresh from now on. */
    anilist: (body) => {
      aniList.set(body as Partial<AniListState>);
      return Promise.resolve(null);
    },
    /** The last password-reset code sent to an address, as the offline preview prints it. */
    "reset-code": (body) => {
      const { email } = body as { email: string };
      return Promise.resolve(resetCodes.get(email.trim().toLowerCase())?.code ?? null);
    },
    /** The last reset e-mail's link to an address: the site's /reset page with its token. */
    "reset-link": (body) => {
      const { email } = body as { email: string };
      return Promise.resolve(resetCodes.get(email.trim().toLowerCase())?.link ?? null);
    },
    /** A one-time admin claim code, for /make-admin (what `npx convex run admin:createClaimCode` gives). */
    "claim-code": async () => await createClaimCode(),
    clock: async (body) => {
      const { advanceMs } = body as ClockRequest;
      await clock.tickAsync(advanceMs);
      await backend.t.finishInProgressScheduledFunctions();
      broadcast();
      return { now: Date.now() };
    },
  };

  async function createClaimCode(): Promise<{ code: string; expiresAt: string }> {
    await ready;
    return await backend.t.mutation(internal.admin.createClaimCode, {});
  }

  /** Connect-style middleware for requests under the base path (already stripped). */
  async function handle(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    try {
      await ready;
      if (url === "/health") {
        sendJson(res, 200, offline ? { ok: true, preview: "offline" } : { ok: true });
        return;
      }
      if (url === "/events") {
        res.writeHead(200, {
          "Content-Type": "text/event-stream",
          "Cache-Control": "no-store",
          Connection: "keep-alive",
        });
        res.write(": connected\n\n");
        streams.add(res);
        req.on("close", () => streams.delete(res));
        return;
      }
      if (url.startsWith("/cover/") && req.method === "GET") {
        // The cover route is an HTTP action, as on a deployment's .convex.site host.
        const response = await backend.t.fetch(url, { method: "GET" });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
        return;
      }
      const api = /^\/api\/(query|mutation|action)$/.exec(url);
      if (api && req.method === "POST") {
        // The documented shape sends `args` as an object (the boot's call); ConvexHttpClient,
        // and this harness's HttpBackend, as a one-element array.
        const { path, args } = (await readJson(req)) as {
          path: string;
          args?: JSONValue[] | JSONValue;
        };
        const callArgs = (Array.isArray(args) ? args[0] : args) ?? {};
        const authorization = req.headers.authorization;
        const token = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
        sendJson(res, 200, await backend.call(api[1] as FunctionKind, path, callArgs, token));
        return;
      }
      const route = /^\/control\/([a-z-]+)$/.exec(url)?.[1];
      const handler = route === undefined ? undefined : control[route];
      if (handler === undefined || req.method !== "POST") {
        sendJson(res, 404, { error: `No e2e route ${req.method} ${url}` });
        return;
      }
      sendJson(res, 200, { value: await handler(await readJson(req)) });
    } catch (error) {
      sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** What the offline preview prints at start: how to become admin there. */
  async function offlineHelp(origin: string): Promise<string> {
    const { code } = await createClaimCode();
    return offlinePreviewHelp({ code, origin, controlPath: `${E2E_BASE_PATH}/control/claim-code` });
  }

  return { handle, offlineHelp, close: () => clock.uninstall() };
}
