import { api } from "../../convex/_generated/api";
import type { Doc } from "../../convex/_generated/dataModel";
import type { MemberView } from "../../convex/model/rooms/view";
import { signedInAs, type TestPlayer } from "./players";
import type { Player, World } from "./world";

/** `count` players, Player0, Player1…, made directly in the database (`signedInAs`). */
export async function roomPlayers(world: World, count: number): Promise<TestPlayer[]> {
  const made: TestPlayer[] = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await signedInAs(world, "player", { email: `p${i}@example.com`, username: `Player${i}` }),
    );
  }
  return made;
}

/** The room as `player` sees it; throws unless they are a member. */
export async function memberView(player: Player, code: string): Promise<MemberView> {
  const result = await player.as.query(api.rooms.view, { code });
  if (result.kind !== "member") throw new Error(`not a member: ${result.kind}`);
  return result;
}

/**
 * A room `host` made (private to its link with `isPrivate`), which each of `guests` joined (by
 * its link); its code.
 */
export async function newRoom(
  host: Player,
  guests: Player[],
  { isPrivate = false } = {},
): Promise<string> {
  const { code } = await host.as.mutation(api.rooms.create, { private: isPrivate });
  const secret = isPrivate ? ((await memberView(host, code)).linkSecret ?? undefined) : undefined;
  for (const guest of guests) {
    const joined = await guest.as.mutation(api.rooms.join, { code, secret });
    if (joined.kind !== "joined") throw new Error(`could not join: ${joined.reason}`);
  }
  return code;
}

/** The room with `code`, as stored, and its current round (null in the lobby). */
export async function roomAndRound(
  world: World,
  code: string,
): Promise<{ room: Doc<"rooms">; round: Doc<"roomRounds"> | null }> {
  return await world.run(async (ctx) => {
    const room = await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique();
    if (room === null) throw new Error(`no room ${code}`);
    const round = await ctx.db
      .query("roomRounds")
      .withIndex("by_roomId_and_number", (q) =>
        q.eq("roomId", room._id).eq("number", room.roundNumber),
      )
      .unique();
    return { room, round };
  });
}

/**
 * What the lobby does on each change of the pool's live status after its host's Start found no
 * anime (src/features/rooms/RoomLobby.tsx): once an anime is ready, it starts again. The status
 * it saw, and that start's answer (null while nothing is ready).
 */
export async function followPoolAsHost(host: Player, code: string) {
  const status = await host.as.query(api.catalogue.poolStatus, {});
  const started = status.ready > 0 ? await host.as.mutation(api.rooms.start, { code }) : null;
  return { status, started };
}
