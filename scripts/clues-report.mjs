// Measures the clues a round deals, on saved AniList responses (`data.Page.media`) stored as one
// pool: how many clues hold a phrase the real judge accepts for their own show, how many are under
// MIN_CLUE_WORDS words, and a sample (scripts/cluesReport.ts does the measuring).
//
//   npm run clues:report -- FILE.json [MORE.json …] [--sample N] [--stored]
//
// --stored measures the clue as the catalogue stores it instead of as a round deals it.
// Node 20 cannot run TypeScript, so the modules are bundled in memory with esbuild (the bundler
// Convex itself uses) and imported from a data URL.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUND_CLUE = "convex/model/catalogue/clue/roundClue.ts";

async function loadReport(stored) {
  const dealt = !stored && existsSync(path.join(root, ROUND_CLUE));
  const bundle = await build({
    stdin: {
      contents: [
        'export { cluesReport } from "./scripts/cluesReport.ts";',
        dealt
          ? `export { roundClue } from "./${ROUND_CLUE}";`
          : "export const roundClue = undefined;",
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
  let sample = 20;
  let stored = false;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === "--sample") sample = Number(argv[++index]);
    else if (argv[index] === "--stored") stored = true;
    else files.push(argv[index]);
  }
  if (files.length === 0 || !Number.isInteger(sample) || sample < 0) {
    console.error("Usage: npm run clues:report -- FILE.json [MORE.json …] [--sample N] [--stored]");
    process.exit(2);
  }
  return { files, sample, stored };
}

const { files, sample, stored } = parseArgs(process.argv.slice(2));
const { cluesReport, roundClue } = await loadReport(stored);
const pages = files.map((file) => ({ name: file, json: JSON.parse(readFileSync(file, "utf8")) }));
console.log(await cluesReport({ files: pages, sample, dealtClue: roundClue }));
