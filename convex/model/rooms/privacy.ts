import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { ROOM_LINK_SECRET_BYTES } from "../shared/rules";
import { requireHost, requireMember, type Room } from "./access";

/*
 * A room can be private to its link. Its code alone then names no room for anyone who is not in
 * it: a join by code alone (or with a wrong secret) is answered exactly as an unknown code is,
 * and counted against the wrong-code limit, so the code space cannot be searched for private
 * rooms either. The link carries the secret after a "#", so that it never reaches a server's
 * logs or another site's Referer; the page hands it to `rooms.join`. Members are shown it (the
 * host shares the link, a guest may pass it on); anyone else never is.
 */

/** A new link secret: ROOM_LINK_SECRET_BYTES from the runtime's CSPRNG, as hex. */
export function newLinkSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ROOM_LINK_SECRET_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a newcomer holding `secret` (none when they typed the code) may know the room exists.
 * A plain comparison: its timing could tell at most how many leading characters match, and the
 * wrong-code limit allows a handful of tries a minute against 128 bits.
 */
export function linkOpens(room: Room, secret: string | undefined): boolean {
  return room.linkSecret === undefined || secret === room.linkSecret;
}

/** Whether `secret` is the room's own: a private room's link, not just any room's code. */
export function holdsLinkSecret(room: Room, secret: string | undefined): boolean {
  return room.linkSecret !== undefined && secret === room.linkSecret;
}

/**
 * The host makes the room private to its link (a new secret: links given out before it was
 * public again stop working for newcomers) or open to its code again, at any time: a host who
 * finds the link passed around mid-game closes the room then, not after it. Members stay
 * members either way.
 */
export async function setRoomPrivacy(
  ctx: MutationCtx,
  userId: Id<"users">,
  { code, private: makePrivate }: { code: string; private: boolean },
): Promise<null> {
  const { room } = await requireMember(ctx, code, userId);
  requireHost(room, userId);
  if (makePrivate === (room.linkSecret !== undefined)) return null;
  await ctx.db.patch("rooms", room._id, {
    linkSecret: makePrivate ? newLinkSecret() : undefined,
  });
  return null;
}

/**
 * A private room's new link, at any time: the old one then admits nobody, whatever the account
 * (a removed player's second account included). Removing a player does the same by itself.
 */
export async function renewLink(
  ctx: MutationCtx,
  userId: Id<"users">,
  { code }: { code: string },
): Promise<null> {
  const { room } = await requireMember(ctx, code, userId);
  requireHost(room, userId);
  if (room.linkSecret === undefined) throw appError("ROOM_NOT_PRIVATE");
  await ctx.db.patch("rooms", room._id, { linkSecret: newLinkSecret() });
  return null;
}
