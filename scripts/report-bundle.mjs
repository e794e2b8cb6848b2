// Prints what the landing page downloads before it can run: the entry script, the chunks
// Vite preloads for it, and its stylesheets, as listed in the built dist/index.html. Exits 1 when
// their gzip total passes the ceiling in scripts/landingBudget.mjs, which fails `npm run build`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { LANDING_CEILING_GZIP_BYTES, LANDING_GOAL_GZIP_BYTES } from "./landingBudget.mjs";

const distDir = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist"),
);
const indexHtmlPath = path.join(distDir, "index.html");
if (!existsSync(indexHtmlPath)) {
  console.error(`${indexHtmlPath} not found: run \`vite build\` first.`);
  process.exit(1);
}
const html = readFileSync(indexHtmlPath, "utf8");

function attributes(tag) {
  const found = {};
  for (const [, name, , doubleQuoted, singleQuoted, bare] of tag.matchAll(
    /([\w-]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    found[name.toLowerCase()] = doubleQuoted ?? singleQuoted ?? bare ?? "";
  }
  return found;
}

/** Initial assets in document order, each once. */
function initialAssets() {
  const assets = new Map();
  for (const [tag, element] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(element.length + 1));
    const rel = (attrs.rel ?? "").toLowerCase();
    let url;
    let kind;
    if (element.toLowerCase() === "script" && attrs.src) {
      [url, kind] = [attrs.src, "js"];
    } else if (rel === "modulepreload" && attrs.href) {
      [url, kind] = [attrs.href, "js"];
    } else if (rel === "stylesheet" && attrs.href) {
      [url, kind] = [attrs.href, "css"];
    } else {
      continue;
    }
    if (/^(https?:)?\/\//.test(url)) {
      console.warn(`Skipping ${url}: not served from dist/.`);
      continue;
    }
    assets.set(url, kind);
  }
  // The prerendered index.html starts its scripts from its inline code, which reads their
  // addresses from this JSON (scripts/prerender/vitePlugin.ts, DATA_ID).
  const bootData = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (bootData) {
    const { entry, entryImports = [] } = JSON.parse(bootData[1]);
    for (const url of [entry, ...entryImports]) if (url) assets.set(url, "js");
  }
  return [...assets].map(([url, kind]) => ({ url, kind, file: fileFor(url) }));
}

/** Maps an URL from index.html to its file in dist/, whatever `base` the build used. */
function fileFor(url) {
  const segments = url
    .split(/[?#]/)[0]
    .split("/")
    .filter((s) => s && s !== ".");
  for (let skip = 0; skip < segments.length; skip++) {
    const candidate = path.join(distDir, ...segments.slice(skip));
    if (existsSync(candidate)) return candidate;
  }
  console.error(`${url} is referenced by index.html but is not in ${distDir}.`);
  process.exit(1);
}

function sizes(file) {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content).length };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (label, { raw, gzip }) =>
  `  ${label.padEnd(52)} ${kB(raw).padStart(10)} ${kB(gzip).padStart(10)} gzip`;

/** Stylesheets written into index.html itself (the prerender inlines the app's stylesheet). */
function inlineStyles() {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, css], index) => ({
    url: `<style> ${index + 1}`,
    kind: "css",
    file: `index.html <style> ${index + 1}`,
    css,
    raw: Buffer.byteLength(css),
    gzip: gzipSync(css).length,
  }));
}

const styles = inlineStyles();
const assets = [...initialAssets().map((asset) => ({ ...asset, ...sizes(asset.file) })), ...styles];
const total = (kind) =>
  assets
    .filter((asset) => kind === undefined || asset.kind === kind)
    .reduce((sum, asset) => ({ raw: sum.raw + asset.raw, gzip: sum.gzip + asset.gzip }), {
      raw: 0,
      gzip: 0,
    });

console.log("\nLanding page (/) initial load:");
for (const kind of ["js", "css"]) {
  for (const asset of assets.filter((a) => a.kind === kind)) {
    console.log(
      row(asset.css === undefined ? path.relative(distDir, asset.file) : asset.file, asset),
    );
  }
}
console.log(row("JavaScript", total("js")));
console.log(row("CSS", total("css")));
const all = total();
console.log(row("Total", all));

const initialFiles = new Set(assets.map((asset) => asset.file));
const assetsDir = path.join(distDir, "assets");
const deferred = existsSync(assetsDir)
  ? readdirSync(assetsDir)
      .filter((name) => /\.(m?js|css)$/.test(name))
      .map((name) => path.join(assetsDir, name))
      .filter((file) => !initialFiles.has(file))
      .filter(
        (file) => !styles.some((style) => style.css.trim() === readFileSync(file, "utf8").trim()),
      )
      .map((file) => ({ file, ...sizes(file) }))
      .sort((a, b) => b.gzip - a.gzip)
  : [];
if (deferred.length > 0) {
  console.log("\nLoaded later (lazy routes and dialogs):");
  for (const asset of deferred) console.log(row(path.relative(distDir, asset.file), asset));
}

// The app cannot start without its main script: none found means this report no longer reads
// index.html as the build writes it, and would pass any size.
if (total("js").raw === 0) {
  console.error(`No script found for the landing page in ${indexHtmlPath}: update this report.`);
  process.exit(1);
}

const overCeiling = all.gzip > LANDING_CEILING_GZIP_BYTES;
const goal =
  all.gzip <= LANDING_GOAL_GZIP_BYTES ? "met" : `over by ${kB(all.gzip - LANDING_GOAL_GZIP_BYTES)}`;
console.log(
  `\nLanding page initial JS + CSS: ${kB(all.gzip)} gzip; the build fails above ` +
    `${kB(LANDING_CEILING_GZIP_BYTES)} (${overCeiling ? "OVER: the build fails" : "within"}); ` +
    `goal ${kB(LANDING_GOAL_GZIP_BYTES)} (${goal}).\n`,
);
if (overCeiling) {
  console.error(
    `The landing page's initial JS + CSS grew past ${kB(LANDING_CEILING_GZIP_BYTES)} gzip ` +
      "(scripts/landingBudget.mjs): keep what / does not need in lazy chunks.",
  );
  process.exit(1);
}
