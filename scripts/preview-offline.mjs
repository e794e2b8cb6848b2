#!/usr/bin/env node
// `npm run preview:offline`: the app with the project's real Convex functions run in this process
// (the browser tests' e2e mode, testing/e2e), a pool of real AniList entries bundled in the
// repository (testing/fixtures/offlinePool.ts) and generated covers. No internet, no Convex account.
// Builds dist-e2e/ first when it is missing or older than the sources.
//
//   npm run preview:offline [-- --port 4180]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = "dist-e2e";
/** What the e2e build is made from. */
const SOURCES = [
  "src",
  "convex",
  "testing",
  "public",
  "index.html",
  "vite.config.ts",
  "package.json",
  "scripts/prerender",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full))
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

function needsBuild() {
  const built = path.join(root, outDir, "index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((entry) => newestChange(entry) > builtAt);
}

function portArgument(argv) {
  const index = argv.indexOf("--port");
  const port = index === -1 ? (process.env.PORT ?? "4180") : argv[index + 1];
  if (!/^\d+$/.test(port ?? "")) {
    console.error("Usage: npm run preview:offline [-- --port 4180]");
    process.exit(2);
  }
  return port;
}

const port = portArgument(process.argv.slice(2));
// Vite itself, not through npx: a signal sent to this script reaches the server directly.
const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");

if (needsBuild()) {
  console.log(`Building the app into ${outDir}/ (npm run build:e2e)…`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build:e2e"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log(`${outDir}/ is up to date with the sources.`);
}

const preview = spawn(
  process.execPath,
  [vite, "preview", "--mode", "e2e", "--outDir", outDir, "--port", port, "--strictPort"],
  {
    cwd: root,
    stdio: "inherit",
    // SITE_URL: the reset links the preview prints lead to this server.
    env: {
      ...process.env,
      ANIME_GUESS_PREVIEW: "offline",
      SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
    },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => preview.kill(signal));
preview.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
