import { internal } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { ROOM_DATA_KEPT_MS } from "../shared/rules";
import { playersOf } from "./access";
import { heartbeatOf } from "./presence";
import { roundOf } from "./timeline";

/** Rooms deleted per run: each is at most 1 + 12 players + 12 heartbeats + 15 rounds… */
const ROOMS_PER_RUN = 20;
/** …and its removed players, this many per run (a room with more waits for the next run). */
const BANS_PER_RUN = 50;

/**
 * The cron's cleanup: deletes closed rooms a day after they closed, with their players and
 * rounds, a batch at a time (another run follows at once while some are left).
 */
export async function deleteClosedRooms(ctx: MutationCtx): Promise<number> {
  const cutoff = Date.now() - ROOM_DATA_KEPT_MS;
  const rooms = await ctx.db
    .query("rooms")
    .withIndex("by_status_and_closedAt", (q) => q.eq("status", "closed").lt("closedAt", cutoff))
    .take(ROOMS_PER_RUN);
  let more = rooms.length === ROOMS_PER_RUN;
  for (const room of rooms) {
    const bans = await ctx.db
      .query("roomBans")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room._id))
      .take(BANS_PER_RUN);
    for (const ban of bans) await ctx.db.delete("roomBans", ban._id);
    if (bans.length === BANS_PER_RUN) {
      more = true;
      continue;
    }
    for (const player of await playersOf(ctx, room._id)) {
      await ctx.db.delete("roomPlayers", player._id);
      const beat = await heartbeatOf(ctx, room._id, player.userId);
      if (beat !== null) await ctx.db.delete("roomHeartbeats", beat._id);
    }
    for (let n = 1; n <= room.roundNumber; n++) {
      const round = await roundOf(ctx, room._id, n);
      if (round !== null) await ctx.db.delete("roomRounds", round._id);
    }
    await ctx.db.delete("rooms", room._id);
  }
  if (more) {
    await ctx.scheduler.runAfter(0, internal.rooms.cleanup, {});
  }
  return rooms.length;
}
