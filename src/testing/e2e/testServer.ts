import "../convexEnv";
import type { IncomingMessage, ServerResponse } from "node:http";
import FakeTimers from "@sinonjs/fake-timers";
import { makeFunctionReference } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import { insertAnime, type AnimeFields } from "@convex/model/titleIndex";
import type { FunctionKind } from "../backend";
import { InProcessBackend } from "../inProcessBackend";
import { attachTestCovers } from "../testCovers";
import type { ClockRequest, PatchUserRequest, RunRequest, SeedRequest } from "./protocol";

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
 * cooldown's end or a midnight and see scheduled functions fire.
 */
export function createTestServer() {
  const clock = FakeTimers.install({
    now: Date.now(),
    toFake: ["Date", "setTimeout", "clearTimeout"],
    shouldAdvanceTime: true,
    advanceTimeDelta: 10,
  });
  let backend = new InProcessBackend();
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

  const control: Record<string, Handler> = {
    reset: () => {
      stopForwarding();
      backend = new InProcessBackend();
      stopForwarding = backend.onChange(broadcast);
      broadcast();
      return Promise.resolve(null);
    },
    seed: async (body) => {
      const { table, documents } = body as SeedRequest;
      return await backend.run(async (ctx) => {
        const ids: string[] = [];
        for (const document of documents) {
          const fields = jsonToConvex(document as JSONValue);
          // Anime go in with their title index, as the catalogue stores them.
          const id =
            table === "anime"
              ? await insertAnime(ctx, fields as AnimeFields)
              : await ctx.db.insert(table as never, fields as never);
          // A seeded anime gets generated cover images, as the cover job would make them.
          if (table === "anime") await attachTestCovers(ctx, id);
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
        return null;
      });
    },
    run: async (body) => {
      const { kind, path, args = {}, email } = body as RunRequest;
      const caller =
        email === undefined
          ? backend.t
          : backend.t.withIdentity({ subject: `${await userIdByEmail(email)}|e2e-session` });
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
    clock: async (body) => {
      const { advanceMs } = body as ClockRequest;
      await clock.tickAsync(advanceMs);
      await backend.t.finishInProgressScheduledFunctions();
      broadcast();
      return { now: Date.now() };
    },
  };

  /** Connect-style middleware for requests under the base path (already stripped). */
  async function handle(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    try {
      if (url === "/health") {
        sendJson(res, 200, { ok: true });
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
        const { path, args } = (await readJson(req)) as { path: string; args: JSONValue[] };
        const authorization = req.headers.authorization;
        const token = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
        sendJson(res, 200, await backend.call(api[1] as FunctionKind, path, args[0] ?? {}, token));
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

  return { handle, close: () => clock.uninstall() };
}
