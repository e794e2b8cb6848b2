/**
 * The daily refresh writes only what changed: AniList sending yesterday's pages again writes no
 * anime and no title row; a changed synonym writes that anime and the rows of that synonym.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { titleTerms } from "../../model/judge/titleIndex";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  aniListFixture,
  json,
  refreshAndSettle,
  stubAniList,
  useRefreshClock,
  type Json,
} from "../../../testing/convex/aniList";
import { logWrites, type WriteLog } from "../../../testing/convex/writeLog";
import { signedInAs } from "../../../testing/world";

useRefreshClock();

const TITLE_TABLES = ["anime", "titleTerms", "titlePrefixes"];

type Page = { data: { Page: { media: Json[] } } };

/** A refresh of these pages a day after the last: the writes to the pool and its title rows. */
async function refreshWith(t: TestConvex, pages: Page[]) {
  stubAniList(Object.fromEntries(pages.map((page, i) => [i + 1, [json(page)]])), { covers: "ok" });
  vi.advanceTimersByTime(24 * 3_600_000);
  log = logWrites();
  await refreshAndSettle(t);
  log.stop();
  return log.writes.filter((write) => TITLE_TABLES.includes(write.table));
}

let log: WriteLog | undefined;
afterEach(() => log?.stop());

const yesterday = () => [aniListFixture("page-1") as Page, aniListFixture("page-2") as Page];

describe("the daily refresh", () => {
  test("of the same pages as yesterday writes no anime and no title row", async () => {
    const t = newBackend();
    expect((await refreshWith(t, yesterday())).length).toBeGreaterThan(0);
    expect(await refreshWith(t, yesterday())).toEqual([]);
  });

  test("with one new synonym writes that anime and that synonym's rows, nothing else", async () => {
    const t = newBackend();
    await refreshWith(t, yesterday());
    const pages = yesterday();
    const changed = pages[0].data.Page.media[0] as { id: number; synonyms: string[] };
    changed.synonyms = [...changed.synonyms, "Lantern Keepers"];
    const writes = await refreshWith(t, pages);

    expect(writes.filter((write) => write.table === "anime")).toMatchObject([{ op: "replace" }]);
    const rows = writes.filter((write) => write.table !== "anime");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((write) => write.op === "insert")).toBe(true);
    // The rows now are those of the anime as it is: the new synonym's, and all the old ones.
    const stored = await t.run(async (ctx) => {
      const anime = (await ctx.db
        .query("anime")
        .withIndex("by_anilistId", (q) => q.eq("anilistId", changed.id))
        .unique())!;
      const terms = await ctx.db
        .query("titleTerms")
        .withIndex("by_animeId", (q) => q.eq("animeId", anime._id))
        .take(1_000);
      return { anime, terms: terms.map((row) => row.term).sort() };
    });
    expect(stored.terms).toEqual(titleTerms(stored.anime).sort());
    expect(stored.terms).toContain("word:lantern");
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "lantern" })).toContain("Lantern Keepers");
  });
});
