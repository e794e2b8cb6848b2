// Measures the clue maker on saved AniList responses (`data.Page.media`):
// how many clues still name the show (a title form, a synonym) or a main
// character, next to how many raw descriptions did, and a sample of clues.
//
//   npm run clues:report -- FILE.json [MORE.json …] [--sample N]
//
// Node 20 cannot run TypeScript, so the clue modules are bundled in memory
// with esbuild (the bundler Convex itself uses) and imported from a data URL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function loadClueModules() {
  const bundle = await build({
    stdin: {
      contents: [
        'export { makeClue } from "./convex/model/catalogue/clue/index.ts";',
        'export { titleForms, titleVariants } from "./convex/model/judge/titleForms.ts";',
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
  });
  const code = bundle.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

function parseArgs(argv) {
  const files = [];
  let sample = 8;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === "--sample") sample = Number(argv[++index]);
    else files.push(argv[index]);
  }
  if (files.length === 0 || !Number.isInteger(sample) || sample < 0) {
    console.error("Usage: npm run clues:report -- FILE.json [MORE.json …] [--sample N]");
    process.exit(2);
  }
  return { files, sample };
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower case, no diacritics, long vowels folded (ou, oo, uu), punctuation as spaces. */
function fold(text) {
  return ` ${text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/ou|oo/g, "o")
    .replace(/uu/g, "u")
    .trim()} `;
}

/**
 * An independent check, looser than the clue maker's own: the form as whole
 * words, ignoring case, diacritics, long-vowel spelling and punctuation
 * ("Haikyuu!!" counts for "HAIKYU!!", "Steins Gate" for "Steins;Gate").
 */
function containsWhole(text, form) {
  const needle = fold(form);
  return needle.trim() !== "" && fold(text).includes(needle);
}

/** Names are proper nouns: only their capitalised use counts. */
function containsName(text, name) {
  const trimmed = name.normalize("NFKC").trim();
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return false;
  const pattern = `(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}])`;
  return new RegExp(pattern, "u").test(text.normalize("NFKC"));
}

function characterNames(media) {
  const names = [];
  for (const node of media.characters?.nodes ?? []) {
    const name = node?.name;
    if (!name) continue;
    for (const form of [
      name.full,
      name.first,
      name.last,
      name.native,
      ...(name.alternative ?? []),
    ]) {
      if (typeof form === "string" && form.trim()) names.push(form);
    }
  }
  return names;
}

function plainDescription(description) {
  return (description ?? "").replace(/<[^>]*>/g, " ").replace(/&[#\w]+;/g, " ");
}

/** A rough count: a terminator, then a capital, not after a title like "Dr." or an initial. */
function sentenceCount(body) {
  const breaks = body.match(
    /(?<!\b(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|Prof|vs|\p{Lu}))[.!?…]+["”’)]?\s+(?=["“]?[\p{Lu}\p{N}])/gu,
  );
  return body.trim() ? (breaks?.length ?? 0) + 1 : 0;
}

function measure(media, modules) {
  const titles = modules.titleForms({ title: media.title });
  const variants = titles.flatMap(modules.titleVariants).filter((form) => !titles.includes(form));
  const synonyms = (media.synonyms ?? []).filter((form) => typeof form === "string" && form.trim());
  const names = characterNames(media);
  const clue = modules.makeClue(media);
  const body = clue.split("\nGenres: ")[0];
  const raw = plainDescription(media.description);
  const leftovers = (text) => ({
    title: titles.filter((form) => containsWhole(text, form)),
    shorterTitle: variants.filter((form) => containsWhole(text, form)),
    synonym: synonyms.filter((form) => containsWhole(text, form)),
    name: names.filter((form) => containsName(text, form)),
  });
  return {
    label: media.title?.english ?? media.title?.romaji ?? `#${media.id}`,
    clue,
    sentences: sentenceCount(body),
    before: leftovers(raw),
    after: leftovers(clue),
    hasNames: names.length > 0,
    hasSynonyms: synonyms.length > 0,
  };
}

function report(file, results, sample) {
  const count = (side, key) => results.filter((result) => result[side][key].length > 0).length;
  const kinds = [
    ["title", "a title form (english, romaji, native)"],
    ["shorterTitle", "a shorter title (sequel base, part before ':' or ' - ')"],
    ["synonym", "a synonym"],
    ["name", "a main character's name"],
  ];
  console.log(`\n${file}: ${results.length} items`);
  const withNames = results.filter((result) => result.hasNames).length;
  const withSynonyms = results.filter((result) => result.hasSynonyms).length;
  console.log(`  items with synonyms: ${withSynonyms}, with main characters: ${withNames}`);
  console.log("  still containing …                                        description → clue");
  for (const [key, label] of kinds) {
    console.log(
      `    ${label.padEnd(56)} ${String(count("before", key)).padStart(3)} → ${count("after", key)}`,
    );
  }
  const anyAfter = results.filter((result) => kinds.some(([key]) => result.after[key].length > 0));
  console.log(`    any of them${" ".repeat(45)}     → ${anyAfter.length}`);
  const overTwo = results.filter((result) => result.sentences > 2).length;
  console.log(`  clues with more than 2 sentences: ${overTwo}`);
  for (const result of anyAfter) {
    const found = kinds.flatMap(([key]) => result.after[key]);
    console.log(`    ! ${result.label}: ${found.join(", ")}`);
  }
  console.log(`  sample of ${Math.min(sample, results.length)} clues:`);
  for (const result of results.slice(0, sample)) {
    console.log(`\n  [${result.label}]\n  ${result.clue.replace(/\n/g, "\n  ")}`);
  }
}

const { files, sample } = parseArgs(process.argv.slice(2));
const modules = await loadClueModules();
let failures = 0;
for (const file of files) {
  const json = JSON.parse(readFileSync(file, "utf8"));
  const media = json?.data?.Page?.media;
  if (!Array.isArray(media)) {
    console.error(`${file}: no data.Page.media array`);
    failures++;
    continue;
  }
  report(
    file,
    media.filter(Boolean).map((item) => measure(item, modules)),
    sample,
  );
}
process.exitCode = failures > 0 ? 1 : 0;
