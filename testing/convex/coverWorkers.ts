import { vi } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { queueCover, startCoverWorkers } from "../../convex/model/catalogue/coverQueue";
import type { TestConvex } from "./backend";

/**
 * Queues the anime for their cover images, in this order, as a refresh queues what it stores,
 * and lets the cover workers run until the queue is done. Needs setTimeout faked (the workers'
 * jobs run on it).
 */
export async function makeCoversOf(t: TestConvex, animeIds: Id<"anime">[]): Promise<void> {
  await t.run(async (ctx) => {
    for (const [position, animeId] of animeIds.entries()) {
      await queueCover(ctx, (await ctx.db.get("anime", animeId))!, position);
    }
    await startCoverWorkers(ctx, Date.now());
  });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}
