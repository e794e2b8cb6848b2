// What `npm run clues:report` measures (scripts/clues-report.mjs bundles this module and runs it):
// the given AniList pages stored as ONE pool, as a refresh stores them (the catalogue's own parser,
// the judge's own title index, in convex-test's in-memory database), then, for every anime, the
// clue a round would deal (catalogue/clue/roundClue.ts) and what the real judge (`judgeGuess`)
// says about every phrase of it. Nothing here decides what scores: it only asks the judge.
import { convexTest } from "convex-test";
import { ConvexError } from "convex/values";
import type { Doc } from "../convex/_generated/dataModel";
import type { MutationCtx } from "../convex/_generated/server";
import schema from "../convex/schema";
import { parseCataloguePage } from "../convex/model/catalogue/anilist";
import { insertAnime, replaceAnime } from "../convex/model/judge/titleIndex";
import { judgeGuess } from "../convex/model/judge/verdict";
import { MIN_CLUE_WORDS } from "../convex/model/shared/rules";
import { distinctiveTitleWords } from "../convex/model/catalogue/clue/titleWords";
import { titleWords } from "../convex/model/judge/normalize";
import { countingCtx, newCounts } from "./bench/countingCtx";

export type DealtClue = (ctx: MutationCtx, anime: Doc<"anime">) => Promise<string | null>;

export type ReportOptions = {
  files: { name: string; json: unknown }[];
  sample: number;
  /** How a round's clue is made; by default the stored clue as it is. */
  dealtClue?: DealtClue;
};

/** The longest phrase of a clue put to the judge, in words. */
const MAX_PHRASE_WORDS = 8;
const REDACTION = /▇+/u;

/** Runs of words a player could copy from a clue: words between marks, line ends and sentence ends. */
function stretches(clue: string): string[][] {
  return clue
    .split(/[.!?…]+(?=\s|$)|\n/u)
    .flatMap((part) => part.split(REDACTION))
    .map((part) => part.match(/[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)*/gu) ?? [])
    .map((words) => words.map((word) => word.replace(/['’]s$/u, "")))
    .filter((words) => words.length > 0);
}

/** A copied word as a player would fix it: "titans" → "titan", "ghoul" → "ghouls". */
function numberForms(word: string): string[] {
  const forms: string[] = [];
  if (/ies$/i.test(word) && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/i.test(word)) forms.push(word.slice(0, -2));
  if (/[^s]s$/i.test(word) && word.length > 3) forms.push(word.slice(0, -1));
  if (!/s$/i.test(word)) forms.push(`${word}s`);
  return forms;
}

async function accepts(ctx: MutationCtx, anime: Doc<"anime">, phrase: string): Promise<boolean> {
  try {
    return await judgeGuess(ctx, anime, phrase);
  } catch (error) {
    if (error instanceof ConvexError) return false;
    throw error;
  }
}

/** The phrases of `clue` the judge accepts for `anime`: as written, and with the last word's number changed. */
async function acceptedPhrases(ctx: MutationCtx, anime: Doc<"anime">, clue: string) {
  const exact = new Set<string>();
  const inflected = new Set<string>();
  for (const words of stretches(clue)) {
    for (let first = 0; first < words.length; first++) {
      for (let size = 1; size <= MAX_PHRASE_WORDS && first + size <= words.length; size++) {
        const phrase = words.slice(first, first + size);
        const text = phrase.join(" ");
        if (await accepts(ctx, anime, text)) exact.add(text);
        for (const form of numberForms(phrase[phrase.length - 1])) {
          const changed = [...phrase.slice(0, -1), form].join(" ");
          if (await accepts(ctx, anime, changed)) inflected.add(`${text} → ${changed}`);
        }
      }
    }
  }
  return { exact: [...exact], inflected: [...inflected] };
}

/** The longest ending a copied word may carry past a title word: "ghoul|s", "beyblade|rs", "titan|ess". */
const MAX_EXTRA_LETTERS = 3;

/**
 * The words of `clue` that are a distinctive word of the show's own titles in some form: the
 * word itself, or the word with a short ending ("ghouls", "Beybladers"). Looser than the clue
 * maker's own matching on purpose: it measures it, it does not repeat it.
 */
function titleWordsIn(anime: Doc<"anime">, clue: string): string[] {
  const own = [...distinctiveTitleWords([anime])].filter((word) => word.length >= 4);
  const found = new Set<string>();
  for (const word of clue.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []) {
    const folded = titleWords(word).join("");
    if (
      own.some(
        (stem) => folded.startsWith(stem) && folded.length - stem.length <= MAX_EXTRA_LETTERS,
      )
    )
      found.add(word);
  }
  return [...found];
}

function storyOf(clue: string): string {
  return clue.split(/\nGenres: /)[0];
}

function wordCount(text: string): number {
  return (text.replace(/▇+/gu, " ").match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).length;
}

type Measured = {
  label: string;
  clue: string | null;
  exact: string[];
  inflected: string[];
  titleWords: string[];
  words: number;
  reads: number;
};

export async function cluesReport({ files, sample, dealtClue }: ReportOptions): Promise<string> {
  const lines: string[] = [];
  // Without Convex's transaction limits (which the test backends enforce): this is a report
  // measuring a whole pool in one pass, not a function a deployment runs.
  const t = convexTest(schema, {
    "../convex/_generated/api.js": () => Promise.resolve({}),
  } as never);
  let itemCount = 0;
  let invalidCount = 0;
  const ids = new Set<number>();
  for (const { name, json } of files) {
    const page = parseCataloguePage(json);
    itemCount += page.items.length;
    invalidCount += page.invalid.length;
    lines.push(`${name}: ${page.items.length} items, ${page.invalid.length} refused`);
    for (const refused of page.invalid)
      lines.push(`  refused #${refused.anilistId}: ${refused.reason}`);
    await t.run(async (ctx) => {
      // As a refresh stores a page: upserted by AniList id, the title index with it.
      for (const item of page.items) {
        ids.add(item.anilistId);
        const fields = { ...item, randomRank: ids.size / 1000, updatedAt: 0 };
        const existing = await ctx.db
          .query("anime")
          .withIndex("by_anilistId", (q) => q.eq("anilistId", item.anilistId))
          .unique();
        if (existing === null) await insertAnime(ctx, fields);
        else await replaceAnime(ctx, existing, fields);
      }
    });
  }
  const measured = await t.run(async (raw) => {
    const results: Measured[] = [];
    const pool = await raw.db.query("anime").withIndex("by_anilistId").take(10_000);
    for (const anime of pool) {
      const counts = newCounts();
      const { ctx } = countingCtx(raw, counts);
      const clue = dealtClue === undefined ? anime.clue : await dealtClue(ctx, anime);
      const found =
        clue === null ? { exact: [], inflected: [] } : await acceptedPhrases(raw, anime, clue);
      results.push({
        label: anime.title.english ?? anime.title.romaji ?? `#${anime.anilistId}`,
        clue,
        ...found,
        titleWords: clue === null ? [] : titleWordsIn(anime, clue),
        words: clue === null ? 0 : wordCount(storyOf(clue)),
        reads: counts.reads,
      });
    }
    return results;
  });

  const dealt = measured.filter((result) => result.clue !== null);
  const giving = dealt.filter((result) => result.exact.length > 0);
  const givingInflected = dealt.filter((result) => result.inflected.length > 0);
  const holdingTitleWords = dealt.filter((result) => result.titleWords.length > 0);
  const short = dealt.filter((result) => result.words < MIN_CLUE_WORDS);
  const notDealt = measured.filter((result) => result.clue === null);
  const reads = dealt.map((result) => result.reads).sort((a, b) => a - b);
  lines.push(
    "",
    `One pool: ${measured.length} anime (${itemCount} items stored, ${itemCount - measured.length} of them an id already stored; ${invalidCount} refused).`,
    `Clue as ${dealtClue === undefined ? "stored (anime.clue)" : "dealt (roundClue)"}:`,
    `  clues holding a phrase the judge accepts for their show:          ${giving.length}`,
    `  clues holding one once a word's number is changed ("titans"):     ${givingInflected.length}`,
    `  clues holding a distinctive word of their own show's titles:       ${holdingTitleWords.length}`,
    `  clues under ${MIN_CLUE_WORDS} words of story:                                     ${short.length}`,
    `  anime not dealt (no clue worth dealing):                          ${notDealt.length}`,
  );
  if (dealtClue !== undefined && reads.length > 0) {
    const mean = reads.reduce((sum, n) => sum + n, 0) / reads.length;
    lines.push(
      `  documents read to make a round's clue: median ${reads[Math.floor(reads.length / 2)]}, mean ${mean.toFixed(1)}, max ${reads[reads.length - 1]}`,
    );
  }
  for (const result of giving) lines.push(`    ! ${result.label}: ${result.exact.join(", ")}`);
  for (const result of givingInflected)
    lines.push(`    ~ ${result.label}: ${result.inflected.join(", ")}`);
  for (const result of holdingTitleWords)
    lines.push(`    * ${result.label}: ${result.titleWords.join(", ")}`);
  for (const result of short) lines.push(`    < ${result.label}: ${result.words} words`);
  for (const result of notDealt) lines.push(`    - ${result.label}: not dealt`);
  // Spread over the pool (AniList id order), not its first few.
  const picked = Array.from(
    { length: Math.min(sample, dealt.length) },
    (_, index) => dealt[Math.floor((index * dealt.length) / Math.min(sample, dealt.length))],
  );
  lines.push("", `A sample of ${picked.length} clues:`);
  for (const result of picked) {
    lines.push("", `[${result.label}]`, `  ${(result.clue ?? "").replace(/\n/g, "\n  ")}`);
  }
  return lines.join("\n");
}
