// The covers' rows of the bench's Convex table: a cover image request (every step a player sees),
// the cover workers' two calls per cover made, and a failed download put off for its retry, with
// the whole pool queued (a first refresh's 1,000): none may grow with the pool or the queue.
import type { Id } from "@convex/_generated/dataModel";
import {
  claimCover,
  coverFailed,
  queueCover,
  storeCovers,
} from "@convex/model/catalogue/coverQueue";
import { coverForToken } from "@convex/model/catalogue/covers";
import { gameOf } from "@convex/model/game/state";
import type { TestConvex } from "../../testing/convex/backend";
import { countingCtx, newCounts, type DocumentCounts } from "./countingCtx";

type Figure = Pick<DocumentCounts, "reads" | "writes" | "readsByTable" | "writesByTable">;

async function measured<T>(
  t: TestConvex,
  fn: (ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0]) => Promise<T>,
): Promise<{ figure: Figure; result: T }> {
  const counts = newCounts();
  const result = await t.run(async (raw) => await fn(countingCtx(raw, counts).ctx));
  return { figure: counts, result };
}

/**
 * The player `me`'s round's cover request, then the workers' claim and store with every anime
 * of the pool queued again for a new cover (the pool is left so: run last).
 */
export async function coverFigures(
  t: TestConvex,
  me: Id<"users">,
): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  const token = await t.run(async (ctx) => (await gameOf(ctx, me))!.coverToken!);
  const request = await measured(t, async (ctx) => await coverForToken(ctx, token, "0"));
  if (request.result === null) throw new Error("the round's cover is not served");
  figures["covers.forToken (a cover request)"] = request.figure;

  await t.run(async (ctx) => {
    let position = 0;
    for (const anime of await ctx.db.query("anime").take(10_000)) {
      await ctx.db.patch("anime", anime._id, { coverImage: `${anime.coverImage}?new` });
      await queueCover(ctx, (await ctx.db.get("anime", anime._id))!, position++);
    }
    await ctx.db.insert("coverWorkers", { slot: 0, run: 1 });
  });
  const claim = await measured(t, async (ctx) => await claimCover(ctx, 0, 1, Date.now()));
  if (claim.result === null) throw new Error("nothing claimed");
  figures["covers.claim (worker, one cover)"] = claim.figure;
  const { animeId, source, claim: token2 } = claim.result;
  const covers = await t.run(async (ctx) => (await ctx.db.get("anime", animeId))!.covers!);
  const store = await measured(
    t,
    async (ctx) => await storeCovers(ctx, animeId, token2, { ...covers, source }, Date.now()),
  );
  if (!store.result) throw new Error("the cover was not kept");
  figures["covers.store (worker, one cover)"] = store.figure;

  // The image host failing for a passing reason: the cover leaves the queue for its retry.
  const next = await t.run(async (ctx) => await claimCover(ctx, 0, 1, Date.now()));
  if (next === null) throw new Error("nothing claimed");
  const failed = await measured(
    t,
    async (ctx) => await coverFailed(ctx, { ...next, transient: true }, Date.now()),
  );
  figures["covers.failed (worker, a retry)"] = failed.figure;
  return figures;
}
