/**
 * The admins' side of contested guesses: the open ones grouped by anime, and the one-click
 * answers. Accepting a name makes it one of the anime's synonyms now (the judge's index and the
 * guess box's suggestions rewritten for that anime, the clue redacted at its next deal) and for
 * good (each refresh adds it back: acceptedNames.ts). Nothing already judged is judged again.
 */
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { replaceAnime } from "../judge/titleIndex";
import { appError } from "../shared/errors";
import { ACCEPTED_NAMES_PER_ANIME, CONTEST_GROUPS_SHOWN, CONTEST_ROWS_READ } from "../shared/rules";
import { acceptedNamesOf, withAcceptedNames } from "./acceptedNames";

export const contestGroupValidator = v.object({
  animeId: v.id("anime"),
  title: v.string(),
  names: v.array(v.object({ contestId: v.id("contests"), name: v.string(), count: v.number() })),
});
export type ContestGroup = Infer<typeof contestGroupValidator>;

function titleOf(anime: Doc<"anime">): string {
  return anime.title.english ?? anime.title.romaji ?? anime.title.native ?? `#${anime.anilistId}`;
}

/**
 * The open contests, grouped by anime, the anime contested most lately first, each name with how
 * many players sent it, most first: reads at most CONTEST_ROWS_READ contests and one anime per
 * group shown (CONTEST_GROUPS_SHOWN at most), whatever the number waiting.
 */
export async function openContests(ctx: QueryCtx): Promise<ContestGroup[]> {
  const rows = await ctx.db
    .query("contests")
    .withIndex("by_status_and_lastAt", (q) => q.eq("status", "open"))
    .order("desc")
    .take(CONTEST_ROWS_READ);
  const byAnime = new Map<Id<"anime">, Doc<"contests">[]>();
  for (const row of rows) byAnime.set(row.animeId, [...(byAnime.get(row.animeId) ?? []), row]);
  const groups: ContestGroup[] = [];
  for (const [animeId, contests] of [...byAnime].slice(0, CONTEST_GROUPS_SHOWN)) {
    const anime = await ctx.db.get("anime", animeId);
    if (anime === null) continue;
    groups.push({
      animeId,
      title: titleOf(anime),
      names: contests
        .sort((a, b) => b.count - a.count)
        .map(({ _id, name, count }) => ({ contestId: _id, name, count })),
    });
  }
  return groups;
}

async function openContest(ctx: QueryCtx, contestId: Id<"contests">): Promise<Doc<"contests">> {
  const contest = await ctx.db.get("contests", contestId);
  if (contest === null || contest.status !== "open") throw appError("CONTEST_NOT_FOUND");
  return contest;
}

/**
 * Accepts the name: an alternative title of the anime for every round judged from now on. An
 * anime gone from the pool has nothing to change, and the contest is closed all the same.
 */
export async function acceptContest(ctx: MutationCtx, contestId: Id<"contests">): Promise<null> {
  const contest = await openContest(ctx, contestId);
  const anime = await ctx.db.get("anime", contest.animeId);
  if (anime !== null) {
    const accepted = await acceptedNamesOf(ctx, anime._id);
    if (accepted.length >= ACCEPTED_NAMES_PER_ANIME) throw appError("CONTEST_TOO_MANY_NAMES");
    const { _id, _creationTime, ...fields } = anime;
    await replaceAnime(ctx, anime, withAcceptedNames(fields, [contest.name]));
  }
  await ctx.db.patch("contests", contestId, { status: "accepted" });
  return null;
}

/** Dismisses the name: closed, and never shown again, however many players send it later. */
export async function dismissContest(ctx: MutationCtx, contestId: Id<"contests">): Promise<null> {
  await openContest(ctx, contestId);
  await ctx.db.patch("contests", contestId, { status: "dismissed" });
  return null;
}
