// `npm run smoke:anilist`: sends the catalogue refresh's real query to AniList for one page and
// downloads one cover through the refresh's own code (scripts/smokeAniList.ts); exits 1 on
// anything the refresh would not accept. Needs the internet. ANILIST_URL=… points it elsewhere.
// Node 20 cannot run TypeScript, so the modules are bundled in memory with esbuild (the bundler
// Convex itself uses) and imported from a data URL, as scripts/clues-report.mjs does.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const bundle = await build({
  entryPoints: [path.join(root, "scripts/smokeAniList.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  // Loaded from node_modules as the Convex Node runtime loads it (convex.json externalPackages).
  external: ["sharp"],
  write: false,
  logLevel: "error",
});
// A data URL resolves no bare import: sharp is imported by its file URL in node_modules.
const sharpUrl = pathToFileURL(createRequire(import.meta.url).resolve("sharp")).href;
const code = bundle.outputFiles[0].text.replace(
  /(from\s*|import\()"sharp"/g,
  (_, prefix) => `${prefix}${JSON.stringify(sharpUrl)}`,
);
const { smokeAniList } = await import(
  `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
);
const ok = await smokeAniList({ endpoint: process.env.ANILIST_URL || undefined });
process.exitCode = ok ? 0 : 1;
