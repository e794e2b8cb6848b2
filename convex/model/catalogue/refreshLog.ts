import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

const MAX_RECORDED_ERRORS = 20;

/** The refresh's errors with `error` added: the most recent ones only. */
export function withError(refresh: Doc<"catalogueRefreshes">, error: string): string[] {
  return [...refresh.errors, error].slice(-MAX_RECORDED_ERRORS);
}

/**
 * Records a failure of the pool's background work (the cover workers) in the latest refresh's
 * errors, where an admin reads the catalogue's history: once, however often it repeats.
 */
export async function recordInLatestRefresh(ctx: MutationCtx, error: string): Promise<void> {
  const latest = await ctx.db.query("catalogueRefreshes").order("desc").first();
  if (latest === null) {
    console.error(error);
    return;
  }
  if (latest.errors.at(-1) === error) return;
  await ctx.db.patch("catalogueRefreshes", latest._id, { errors: withError(latest, error) });
}
