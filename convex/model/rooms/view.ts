import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { roomRoundStatus, roomStatus } from "../../schema";
import { coverStep } from "../catalogue/covers";
import { answerValidator } from "../round/outcomes";
import { ROOM_GUESSES_PER_ROUND } from "../shared/rules";
import { isRemoved, membership, playersOf, roomByCode, type RoomPlayer } from "./access";
import { isBanked, placesOf } from "./places";
import { playerRound, roundOf, stepMs } from "./timeline";

/** Ranks by score, ties sharing a rank (1, 2, 2, 4). */
function ranks(scores: number[]): number[] {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

/** What `rooms.view` returns (its `returns` validator); `RoomView` is inferred from it. */
export const roomViewValidator = v.union(
  v.object({ kind: v.literal("outside") }),
  /** The host removed the caller: they cannot join again (told, not asked to join). */
  v.object({ kind: v.literal("removed") }),
  v.object({ kind: v.literal("closed"), code: v.string() }),
  v.object({
    kind: v.literal("member"),
    code: v.string(),
    /** A private room's link secret (model/rooms/privacy.ts), shown to its members only. */
    linkSecret: nullable(v.string()),
    status: roomStatus,
    isHost: v.boolean(),
    /** Nobody was present for a while: the round's clock stands still until someone is back. */
    paused: v.boolean(),
    settings: v.object({ rounds: v.number(), seconds: v.number() }),
    roundNumber: v.number(),
    players: v.array(
      v.object({
        key: v.id("roomPlayers"),
        username: v.string(),
        isMe: v.boolean(),
        isHost: v.boolean(),
        present: v.boolean(),
        score: v.number(),
        rank: v.number(),
        /** Places moved since the round began (positive: up). */
        moved: v.number(),
        solved: v.boolean(),
        out: v.boolean(),
        roundPoints: v.number(),
        stats: v.object({
          solved: v.number(),
          guesses: v.number(),
          fastestMs: nullable(v.number()),
        }),
      }),
    ),
    me: v.object({
      guessesLeft: v.number(),
      solved: v.boolean(),
      points: v.number(),
      place: nullable(v.number()),
    }),
    round: nullable(
      v.object({
        number: v.number(),
        status: roomRoundStatus,
        step: nullable(v.number()),
        stepMs: v.number(),
        startedAt: v.number(),
        endsAt: v.number(),
        revealEndsAt: nullable(v.number()),
        solvedCount: v.number(),
        clue: v.string(),
        coverPath: v.string(),
        coverColor: nullable(v.string()),
        answer: nullable(answerValidator),
      }),
    ),
  }),
);
export type RoomView = Infer<typeof roomViewValidator>;
export type MemberView = Extract<RoomView, { kind: "member" }>;

/**
 * The room page, for members only: an outsider (or a code that names no room) gets
 * `{ kind: "outside" }` and nothing else, and the page asks to join. While a round is playing
 * the view carries the clue and the cover's step address, never a title, the AniList id or
 * anything that names the anime; the answer comes with the reveal. Of the other players it
 * shows who solved and their points, never what they typed. Reads the room, ≤ 12 players, the
 * current round and its anime.
 */
export async function roomView(
  ctx: QueryCtx,
  userId: Id<"users">,
  code: string,
): Promise<RoomView> {
  const room = await roomByCode(ctx, code);
  const me = room === null ? null : await membership(ctx, room._id, userId);
  if (room !== null && me === null && (await isRemoved(ctx, room._id, userId))) {
    return { kind: "removed" as const };
  }
  if (room === null || me === null) return { kind: "outside" as const };
  if (room.status === "closed") return { kind: "closed" as const, code: room.code };

  const players = await playersOf(ctx, room._id);
  const round = room.roundNumber === 0 ? null : await roundOf(ctx, room._id, room.roundNumber);
  const anime = round === null ? null : await ctx.db.get("anime", round.animeId);
  const number = room.roundNumber;
  const thisRound = (player: RoomPlayer) => playerRound(player, number);
  // Live places: the points of a round still playing are not in the score yet (places.ts).
  const placings = placesOf(players, number);
  const roundPoints = (player: RoomPlayer) => placings.get(player._id)?.points ?? 0;
  const score = (player: RoomPlayer) =>
    player.score + (isBanked(player, number) ? 0 : roundPoints(player));
  const now = ranks(players.map(score));
  const before = ranks(players.map((player) => score(player) - roundPoints(player)));
  const ended = round !== null && round.status === "ended";
  const mine = thisRound(me);

  return {
    kind: "member" as const,
    code: room.code,
    linkSecret: room.linkSecret ?? null,
    status: room.status,
    isHost: room.hostId === userId,
    paused: room.pausedAt !== undefined,
    settings: { rounds: room.rounds, seconds: room.seconds },
    roundNumber: number,
    players: players
      .map((player, index) => ({
        key: player._id,
        username: player.username,
        isMe: player._id === me._id,
        isHost: player.userId === room.hostId,
        present: player.present,
        score: score(player),
        rank: now[index],
        /** Places moved since the round began (positive: up). */
        moved: before[index] - now[index],
        solved: thisRound(player).solvedAt !== undefined,
        out:
          thisRound(player).solvedAt === undefined &&
          thisRound(player).guesses >= ROOM_GUESSES_PER_ROUND,
        roundPoints: roundPoints(player),
        stats: {
          solved: player.solvedCount,
          guesses: player.guessCount,
          fastestMs: player.fastestMs ?? null,
        },
      }))
      .sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username)),
    me: {
      guessesLeft: ROOM_GUESSES_PER_ROUND - mine.guesses,
      solved: mine.solvedAt !== undefined,
      points: roundPoints(me),
      place: placings.get(me._id)?.place ?? null,
    },
    round:
      round === null || anime === null
        ? null
        : {
            number: round.number,
            status: round.status,
            step: ended ? null : coverStep(round.step),
            stepMs: stepMs(room),
            startedAt: round.startedAt,
            endsAt: round.endsAt,
            revealEndsAt: round.revealEndsAt ?? null,
            solvedCount: placings.size,
            clue: round.clue ?? anime.clue,
            coverPath: `/cover/${round.coverToken}/${ended ? "clear" : round.step}`,
            coverColor: anime.coverColor ?? null,
            answer: ended ? answerOf(anime) : null,
          },
  };
}

function answerOf(anime: Doc<"anime">) {
  return { english: anime.title.english, romaji: anime.title.romaji, siteUrl: anime.siteUrl };
}
