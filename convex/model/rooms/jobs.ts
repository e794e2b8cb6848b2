import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

/**
 * Cancels a job of ours (a room's timeline) that has not run yet; a job running now, or done, is
 * left alone.
 */
export async function cancelIfPending(
  ctx: MutationCtx,
  jobId: Id<"_scheduled_functions"> | undefined,
) {
  if (jobId === undefined) return;
  const job = await ctx.db.system.get("_scheduled_functions", jobId);
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
}
