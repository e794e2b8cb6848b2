#!/usr/bin/env node
// `npm run bench`: bytes per route, Lighthouse on the app's pages, and the documents the Convex
// functions read and write; each figure beside its budget. Fails on a missed budget of the scale
// part (a popular day), the idle part (what an idle deployment costs) and the first tap; otherwise
// only when a measurement cannot be made. Writes bench-results/latest.json, and keeps
// the run before it as bench-results/previous.json, whose figures are printed alongside.
//
//   npm run bench                          everything (the convex part, beside 100,000 players, takes
//                                          10 to 12 minutes on 2 cores; the others a few each)
//   npm run bench -- --only bytes,convex   some parts: bytes, lighthouse, roomlink, firsttap, convex,
//                                          scale, idle
//   npm run bench -- --baseline <rev>      the build `--only firsttap` measures beside this one
//                                          (default FIRST_TAP_BASELINE)
//   npm run bench -- --runs 1              Lighthouse runs per page (default 5; medians per figure)
//   npm run bench -- --routes /,/game      some of the pages only (default: all, see OWN_PAGES)
//   npm run bench -- --compare URL…        other sites audited in the same interleaved runs,
//                                          printed as extra columns (a peer, the previous build)
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_ROUTES, measureBundle } from "./bundle.mjs";
import { OWN_PAGES, runLighthouse, startPreview } from "./lighthouse.mjs";
import { measureRoomLink } from "./roomLink.mjs";
import { measureFirstSubmit } from "./firstSubmit.mjs";
import { FIRST_TAP_CONTROLS, measureFirstTap } from "./firstTap.mjs";
import { SCALE_BUDGETS, limitOf, meets } from "./scaleBudgets.mjs";
import { LANDING_GOAL_GZIP_BYTES } from "../landingBudget.mjs";
import { chromiumExecutablePath } from "../../testing/e2e/browser.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const resultsDir = path.join(root, "bench-results");
const logFile = path.join(resultsDir, "bench.log");
// Lighthouse needs a Chromium binary: the machine's, as for the browser tests.
const chromiumPath = chromiumExecutablePath ?? "/usr/bin/chromium";

const BUDGET = {
  landingGzip: LANDING_GOAL_GZIP_BYTES,
  gameOverLandingGzip: 40_000,
  landingPerformance: 100,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  landingCls: 0.02,
  cls: 0.05,
  landingTbtMs: 60,
  /** Issue 40: the landing's light load kept while its first tap got quick. */
  landingMainThreadMs: 900,
  landingLcpMs: 1_200,
  gameLcpMs: 1_500,
  /** A room's link opened on the offline preview: its lobby on screen. */
  roomLinkMs: 1_000,
  /** A visitor's first tap on the landing page to its dialog's first paint, CPU 4× slower. */
  firstTapMs: 300,
  /** A returning player's first Submit on /game: the guess's reply to its verdict's paint, CPU 4×. */
  firstSubmitMs: 300,
  guessDocuments: 12,
  /** The judge's share of a wrong guess's 12: submitGuess reads 4 and writes 2 besides. */
  judgeReads: 6,
  /** A correct guess also reads and writes its entry and statistics shard on 3 boards. */
  correctGuessDocuments: 24,
  topPlayerReads: 10,
  /** Three index ranges of SUGGEST_CANDIDATES (24) rows, a typed acronym's 8 rows and 8 anime. */
  suggestReads: 88,
  rankReads: 100,
  // A popular day (`--only scale`): its budgets are in scaleBudgets.mjs, each with its source.
  /** A day with nobody playing but one player at noon (`--only idle`), a month of such days. */
  idleRunsPerMonth: 100_000,
  idleBytesWrittenPerDay: 5_000_000,
  foldWakeMs: 2_000,
};

/** The build before the landing started its app ahead of the first tap (issue 40). */
const FIRST_TAP_BASELINE = "791eaca";

const { values: options, positionals } = parseArgs({
  options: {
    only: { type: "string", default: "bytes,lighthouse,roomlink,firsttap,convex,scale,idle" },
    baseline: { type: "string", default: FIRST_TAP_BASELINE },
    runs: { type: "string", default: "5" },
    compare: { type: "string", multiple: true, default: [] },
    routes: { type: "string", default: OWN_PAGES.map((page) => page.route).join(",") },
  },
  // `--compare a b c`: the URLs after the first one arrive as positionals.
  allowPositionals: true,
});
const compareUrls = [...options.compare, ...positionals];
for (const url of compareUrls) {
  if (!URL.canParse(url)) throw new Error(`--compare takes URLs; ${url} is not one`);
}
const parts = new Set(options.only.split(",").map((part) => part.trim()));
const lighthouseRuns = Math.max(1, Number(options.runs) || 1);

mkdirSync(resultsDir, { recursive: true });
writeFileSync(logFile, "");
const log = (chunk) => writeFileSync(logFile, chunk, { flag: "a" });

/** Runs a Node CLI of the project, its output to bench-results/bench.log; throws on failure. */
async function runNode(script, args, env = {}) {
  log(`\n$ ${script} ${args.join(" ")}\n`);
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", log);
  child.stderr.on("data", log);
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} ${args.join(" ")} failed (${code}): see ${logFile}`);
}

/** Vite reads VITE_CONVEX_URL from the environment or a .env file; a build needs one. */
function buildEnv() {
  const envFiles = [".env", ".env.local", ".env.production", ".env.production.local"];
  const configured =
    process.env.VITE_CONVEX_URL ||
    envFiles.some((file) => {
      const full = path.join(root, file);
      return existsSync(full) && /^VITE_CONVEX_URL=\S/m.test(readFileSync(full, "utf8"));
    });
  return configured ? {} : { VITE_CONVEX_URL: "https://placeholder-bench.convex.cloud" };
}

const VITE = "node_modules/vite/bin/vite.js";

async function measureBytes() {
  await runNode(VITE, ["build"], buildEnv());
  return measureBundle({ root, distDir: path.join(root, "dist") });
}

const e2eOutDir = path.join(resultsDir, "dist-e2e");
let e2eBuild = null;
/** The e2e build, once for the parts that serve it. */
function buildE2e() {
  // Its own output directory, so a Playwright run serving dist-e2e/ meanwhile is left alone.
  e2eBuild ??= runNode(VITE, ["build", "--mode", "e2e", "--outDir", e2eOutDir, "--emptyOutDir"]);
  return e2eBuild;
}

async function measureLighthouse() {
  await buildE2e();
  const outDir = e2eOutDir;
  const preview = await startPreview({ root, outDir, log });
  try {
    return await runLighthouse({
      chromiumPath,
      origin: preview.origin,
      runs: lighthouseRuns,
      routes: options.routes.split(",").map((route) => route.trim()),
      reportDir: resultsDir,
      compare: compareUrls,
      onRun: ({ run, loadAverageAtStart, loadAverageAtEnd }, runs) =>
        console.log(
          `   Lighthouse run ${run}/${runs}: load average ${loadAverageAtStart.toFixed(1)} → ${loadAverageAtEnd.toFixed(1)}`,
        ),
    });
  } finally {
    preview.stop();
  }
}

async function measureRoomLinkPart() {
  await buildE2e();
  // The offline preview (npm run preview:offline): its sample pool in the backend.
  const preview = await startPreview({
    root,
    outDir: e2eOutDir,
    log,
    env: { ANIME_GUESS_PREVIEW: "offline" },
  });
  try {
    const measure = (cpuSlowdown) =>
      measureRoomLink({
        chromiumPath,
        origin: preview.origin,
        runs: Math.max(5, lighthouseRuns),
        cpuSlowdown,
      });
    return { ...(await measure(1)), slowCpu: await measure(4) };
  } finally {
    preview.stop();
  }
}

/**
 * The e2e build of git revision `rev`, from its own sources (git archive) in bench-results, with
 * this checkout's node_modules: its root, and its dist-e2e inside. A revision's sources never
 * change, so a build made by an earlier run is used again.
 */
async function buildRevision(rev) {
  const commit = await gitOutput(["rev-parse", "--short=12", `${rev}^{commit}`]);
  const dir = path.join(resultsDir, `build-${commit}`);
  const outDir = path.join(dir, "dist-e2e");
  if (existsSync(path.join(outDir, "index.html"))) return { dir, outDir, commit };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await new Promise((resolve, reject) => {
    const archive = spawn("git", ["archive", commit], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const untar = spawn("tar", ["-x", "-C", dir], { stdio: ["pipe", "ignore", "pipe"] });
    archive.stdout.pipe(untar.stdin);
    archive.stderr.on("data", log);
    untar.stderr.on("data", log);
    untar.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`untar ${code}`))));
  });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  log(`\n$ (${dir}) vite build --mode e2e\n`);
  const child = spawn(
    process.execPath,
    [path.join(dir, VITE), "build", "--mode", "e2e", "--outDir", outDir],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout.on("data", log);
  child.stderr.on("data", log);
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the build of ${rev} failed (${code}): see ${logFile}`);
  return { dir, outDir, commit };
}

async function gitOutput(args) {
  const child = spawn("git", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (data) => (output += data));
  child.stderr.on("data", log);
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`git ${args.join(" ")} failed (${code})`);
  return output.trim();
}

async function measureFirstTapPart() {
  const [, baseline] = await Promise.all([buildE2e(), buildRevision(options.baseline)]);
  const current = await startPreview({ root, outDir: e2eOutDir, log });
  // The baseline's preview server runs its own checkout's functions.
  const before = await startPreview({ root: baseline.dir, outDir: baseline.outDir, log });
  const sites = [
    { name: "this build", origin: current.origin },
    { name: "before", origin: before.origin, revision: baseline.commit },
  ];
  try {
    const landing = await measureFirstTap({
      chromiumPath,
      sites,
      runs: lighthouseRuns,
      onRun: (run, runs) =>
        console.log(`   first-tap run ${run}/${runs}: load average ${loadavg()[0].toFixed(1)}`),
    });
    const submit = await measureFirstSubmit({
      chromiumPath,
      sites,
      runs: lighthouseRuns,
      onRun: (run, runs) =>
        console.log(`   first-Submit run ${run}/${runs}: load average ${loadavg()[0].toFixed(1)}`),
    });
    return { ...landing, submit };
  } finally {
    current.stop();
    before.stop();
  }
}

async function measureConvex() {
  const out = path.join(resultsDir, "convex.json");
  await runNode(
    "node_modules/vitest/vitest.mjs",
    ["run", "--config", "scripts/bench/vitest.config.ts", "scripts/bench/convexDocuments.bench.ts"],
    { BENCH_CONVEX_OUT: out },
  );
  return JSON.parse(readFileSync(out, "utf8"));
}

async function measureScale() {
  const out = path.join(resultsDir, "scale.json");
  await runNode(
    "node_modules/vitest/vitest.mjs",
    ["run", "--config", "scripts/bench/vitest.config.ts", "scripts/bench/scale.bench.ts"],
    { BENCH_SCALE_OUT: out },
  );
  return JSON.parse(readFileSync(out, "utf8"));
}

async function measureIdle() {
  const out = path.join(resultsDir, "idle.json");
  await runNode(
    "node_modules/vitest/vitest.mjs",
    ["run", "--config", "scripts/bench/vitest.config.ts", "scripts/bench/idle.bench.ts"],
    { BENCH_IDLE_OUT: out },
  );
  return JSON.parse(readFileSync(out, "utf8"));
}

// ---------------------------------------------------------------- printing

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => (value === null ? "n/a" : `${Math.round(value)} ms`);
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
const verdict = (met, miss) => (met ? "met" : `MISSED${miss ? ` (${miss})` : ""}`);

function delta(current, before, format) {
  if (before === undefined || before === null || current === null) return "";
  const change = current - before;
  if (format(Math.abs(change)) === format(0)) return " (=)";
  return ` (${change > 0 ? "+" : "−"}${format(Math.abs(change))})`;
}

function printBytes(bytes, previous) {
  console.log(
    "\n1. Bytes per route: initial load of a production build (gzip: zlib default level)",
  );
  console.log("   Entry + its static imports + the route's lazy module and its static imports,");
  console.log("   each chunk once; 1 kB = 1000 bytes.\n");
  const header = `   ${pad("route", 14)}${padLeft("JS raw", 10)}${padLeft("JS gzip", 10)}${padLeft("CSS raw", 10)}${padLeft("CSS gzip", 10)}${padLeft("JS+CSS gzip", 13)}   budget`;
  console.log(header);
  const landing = bytes.routes["/"].total.gzip;
  for (const route of BENCH_ROUTES) {
    const figures = bytes.routes[route];
    if (figures.missing) {
      console.log(`   ${pad(route, 14)}not built: ${figures.missing}`);
      continue;
    }
    const total = figures.total.gzip;
    let budget;
    if (route === "/") {
      const limit = BUDGET.landingGzip;
      budget = `≤ ${kB(limit)}: ${verdict(total <= limit, `over by ${kB(total - limit)}`)}`;
    } else if (route === "/game") {
      const limit = landing + BUDGET.gameOverLandingGzip;
      budget = `≤ / + ${kB(BUDGET.gameOverLandingGzip)} = ${kB(limit)}: ${verdict(total <= limit, `over by ${kB(total - limit)}`)}; / + ${kB(total - landing)}`;
    } else {
      budget = `(/ + ${kB(total - landing)})`;
    }
    const before = previous?.bytes?.routes?.[route]?.total?.gzip;
    console.log(
      `   ${pad(route, 14)}${padLeft(kB(figures.js.raw), 10)}${padLeft(kB(figures.js.gzip), 10)}${padLeft(kB(figures.css.raw), 10)}${padLeft(kB(figures.css.gzip), 10)}${padLeft(kB(total), 13)}   ${budget}${delta(total, before, kB)}`,
    );
  }
  console.log(
    `\n   index.html (prerendered landing markup + the inlined stylesheet): ${kB(bytes.html.raw)} raw, ${kB(bytes.html.gzip)} gzip`,
  );
}

function printLighthouse({ pages: lighthouse, runLoad }, previous) {
  console.log(
    `\n2. Lighthouse ${Object.values(lighthouse)[0].lighthouseVersion}: mobile preset, simulated throttling, headless Chromium,`,
  );
  console.log(
    `   vite preview --mode e2e; ${lighthouseRuns} interleaved run(s), each figure the median of its own values;`,
  );
  console.log(
    `   load average per run: ${runLoad.map((r) => `${r.loadAverageAtStart.toFixed(1)}→${r.loadAverageAtEnd.toFixed(1)}`).join(", ")}.`,
  );
  if (compareUrls.length > 0)
    console.log("   Columns after this app's pages: --compare sites, no budget.");
  console.log("");
  const pages = Object.keys(lighthouse);
  const ownPages = pages.filter((page) => !lighthouse[page].compared);
  console.log(
    `   ${pad("", 18)}${pages.map((page) => padLeft(page.slice(0, 19), 20)).join("")}   budget`,
  );
  const rows = [
    {
      label: "performance",
      pick: (f) => f.performance,
      check: (v, page) => v >= (page === "/" ? BUDGET.landingPerformance : BUDGET.performance),
      budget: `${BUDGET.landingPerformance} on /, ≥ ${BUDGET.performance} elsewhere`,
    },
    {
      label: "accessibility",
      pick: (f) => f.accessibility,
      check: (v) => v >= BUDGET.accessibility,
      budget: `= ${BUDGET.accessibility}`,
    },
    {
      label: "best practices",
      pick: (f) => f.bestPractices,
      check: (v) => v >= BUDGET.bestPractices,
      budget: `≥ ${BUDGET.bestPractices}`,
    },
    { label: "FCP", pick: (f) => f.fcpMs, format: ms },
    {
      label: "LCP",
      pick: (f) => f.lcpMs,
      format: ms,
      check: (v, page) =>
        page === "/"
          ? v <= BUDGET.landingLcpMs
          : page.startsWith("/game")
            ? v <= BUDGET.gameLcpMs
            : null,
      budget: `≤ ${BUDGET.landingLcpMs} ms on /, ≤ ${BUDGET.gameLcpMs} ms on /game`,
    },
    {
      label: "cover bytes",
      pick: (f) => f.coverBytes,
      format: (v) => `${v} B`,
    },
    {
      label: "TBT",
      pick: (f) => f.tbtMs,
      format: ms,
      check: (v, page) => (page === "/" ? v <= BUDGET.landingTbtMs : null),
      budget: `≤ ${BUDGET.landingTbtMs} ms on /`,
    },
    {
      label: "main-thread work",
      pick: (f) => f.mainThreadMs ?? null,
      format: ms,
      check: (v, page) => (page === "/" ? v <= BUDGET.landingMainThreadMs : null),
      budget: `≤ ${BUDGET.landingMainThreadMs} ms on /`,
    },
    {
      label: "CLS",
      pick: (f) => f.cls,
      format: (v) => v.toFixed(3),
      check: (v, page) => v < (page === "/" ? BUDGET.landingCls : BUDGET.cls),
      budget: `< ${BUDGET.landingCls} on /, < ${BUDGET.cls} elsewhere`,
    },
    { label: "Speed Index", pick: (f) => f.speedIndexMs, format: ms },
    { label: "total bytes", pick: (f) => f.totalByteWeight, format: kB },
  ];
  for (const { label, pick, format = String, check, budget = "" } of rows) {
    const cells = pages.map((page) => {
      const value = pick(lighthouse[page]);
      const met = check && value !== null && !lighthouse[page].compared ? check(value, page) : null;
      const mark = met === null ? "  " : met ? " ✓" : " ✗";
      return padLeft(`${value === null ? "n/a" : format(value)}${mark}`, 20);
    });
    // The run before: its pages (from before --compare existed, the results were the pages).
    const previousPages = previous?.lighthouse?.pages ?? previous?.lighthouse;
    const before = ownPages.map((page) => {
      const value = previousPages?.[page] ? pick(previousPages[page]) : undefined;
      return value === undefined ? null : format(value);
    });
    const was = before.some((value) => value !== null)
      ? `   was ${before.map((v) => v ?? "–").join(" / ")}`
      : "";
    console.log(`   ${pad(label, 18)}${cells.join("")}   ${budget}${was}`);
  }
  for (const page of pages) {
    const figures = lighthouse[page];
    console.log(`\n   ${page}: LCP element ${figures.lcpElement ?? "n/a"}`);
    for (const [category, failing] of Object.entries(figures.failingAudits)) {
      if (failing.length > 0)
        console.log(`   ${category} audits not passed: ${failing.join("; ")}`);
    }
  }
  console.log(`\n   Full reports: ${path.relative(root, resultsDir)}/lighthouse-*.json`);
}

function printRoomLink(roomLink, previous) {
  console.log(
    `\n5. A room's link opened (scripts/bench/roomLink.mjs): the offline preview, headless Chromium at`,
  );
  console.log(
    `   390×844 without throttling, a new player in a fresh context each time (nothing cached), who`,
  );
  console.log(`   joins; ms since the navigation started, the median of ${roomLink.runs} runs.\n`);
  const before = previous?.roomLink;
  const rows = [
    ["lobby on screen", "lobbyMs", `≤ ${BUDGET.roomLinkMs} ms`],
    ["lobby in the DOM", "lobbyInDomMs"],
    ["first contentful paint", "fcpMs"],
    ["first backend call sent", "firstApiCallMs"],
    ["last script loaded", "lastScriptMs"],
  ];
  for (const [label, name, budget] of rows) {
    const value = roomLink[name];
    const verdictText =
      budget === undefined
        ? ""
        : `${budget}: ${verdict(value !== null && value <= BUDGET.roomLinkMs)}`;
    console.log(
      `   ${pad(label, 26)}${padLeft(ms(value), 10)}   ${verdictText}${delta(value, before?.[name], ms)}`,
    );
  }
  console.log(
    `   per run (lobby on screen): ${roomLink.perRun.map((run) => ms(run.lobbyMs)).join(", ")}`,
  );
  const slow = roomLink.slowCpu;
  console.log(
    `   with the CPU ${slow.cpuSlowdown}× slower (no budget): lobby on screen ${ms(slow.lobbyMs)}, ` +
      `first backend call ${ms(slow.firstApiCallMs)}, FCP ${ms(slow.fcpMs)}${delta(slow.lobbyMs, before?.slowCpu?.lobbyMs, ms)}`,
  );
}

/** Prints the first tap's figures beside the baseline's; returns the controls over budget. */
function printFirstTap(firstTap, previous) {
  console.log(
    `\n7. A visitor's first tap (scripts/bench/firstTap.mjs): headless Chromium at ${firstTap.viewport}, the CPU`,
  );
  console.log(
    `   ${firstTap.cpuSlowdown}× slower, a tap ${firstTap.tapAfterLoadMs} ms after the load event, a fresh context each time; from the tap`,
  );
  console.log(
    `   to the first paint of the dialog it opens, the median of ${firstTap.runs} runs, interleaved with the build before.\n`,
  );
  const [own, before] = Object.keys(firstTap.sites);
  const beforeName = `${before} (${firstTap.sites[before].revision})`;
  console.log(`   ${pad("", 22)}${padLeft(own, 12)}${padLeft(beforeName, 26)}   budget`);
  const missed = [];
  for (const { name, label } of FIRST_TAP_CONTROLS) {
    const figure = firstTap.sites[own].controls[name];
    const base = firstTap.sites[before].controls[name];
    const met = figure.tapToDialogMs !== null && figure.tapToDialogMs <= BUDGET.firstTapMs;
    if (!met) missed.push(label);
    const was = previous?.firstTap?.sites?.[own]?.controls?.[name]?.tapToDialogMs;
    console.log(
      `   ${pad(label, 22)}${padLeft(ms(figure.tapToDialogMs), 12)}${padLeft(ms(base.tapToDialogMs), 26)}   ≤ ${BUDGET.firstTapMs} ms: ${verdict(met)}${delta(figure.tapToDialogMs, was, ms)}`,
    );
  }
  const submit = firstTap.submit;
  if (submit !== undefined) {
    const figure = submit.sites[own];
    const base = submit.sites[before];
    const met = figure.replyToVerdictMs !== null && figure.replyToVerdictMs <= BUDGET.firstSubmitMs;
    if (!met) missed.push("first Submit on /game");
    const was = previous?.firstTap?.submit?.sites?.[own]?.replyToVerdictMs;
    console.log(
      `   ${pad("/game: reply → verdict", 22)}${padLeft(ms(figure.replyToVerdictMs), 12)}${padLeft(ms(base.replyToVerdictMs), 26)}   ≤ ${BUDGET.firstSubmitMs} ms: ${verdict(met)}${delta(figure.replyToVerdictMs, was, ms)}`,
    );
    console.log(
      `   ${pad("/game: tap → verdict", 22)}${padLeft(ms(figure.tapToVerdictMs), 12)}${padLeft(ms(base.tapToVerdictMs), 26)}`,
    );
    console.log(
      `   ${pad("/game: Submit usable", 22)}${padLeft(ms(figure.loadToSubmitEnabledMs), 12)}${padLeft(ms(base.loadToSubmitEnabledMs), 26)}   after the load event`,
    );
    console.log(
      "   (/game: a returning player types a wrong guess into the round on screen and taps Submit",
    );
    console.log(
      "   1 s after load, or once it is usable; from the guess's reply, then from the tap, to the verdict's paint)",
    );
  }
  for (const site of [own, before]) {
    if (submit !== undefined) {
      const { perRun } = submit.sites[site];
      const row = (values) => values.map((v) => (v === null ? "none" : Math.round(v))).join("/");
      console.log(
        `   per run, ${site}, /game: reply → verdict ${row(perRun.replyToVerdictMs)}; tap → verdict ${row(perRun.tapToVerdictMs)}; Submit usable ${row(perRun.loadToSubmitEnabledMs)}`,
      );
      for (const error of submit.sites[site].errors) console.log(`   ${error}`);
    }
    const runs = FIRST_TAP_CONTROLS.map(
      ({ name, label }) =>
        `${label} ${firstTap.sites[site].controls[name].perRun.map((v) => (v === null ? "none" : Math.round(v))).join("/")}`,
    );
    console.log(`   per run, ${site}: ${runs.join("; ")}`);
    for (const { name } of FIRST_TAP_CONTROLS) {
      for (const error of firstTap.sites[site].controls[name].errors) console.log(`   ${error}`);
    }
  }
  return missed;
}

/** Prints the scale figures beside their budgets (scaleBudgets.mjs); returns the names missed. */
function printScale(scale, previous) {
  const { model } = scale;
  console.log(
    `\n4. A popular day (scripts/bench/scale.bench.ts): ${model.recordedPlayers} players' sessions recorded on the real`,
  );
  console.log(
    `   functions (board of ${model.boardPlayers.toLocaleString("en-US")} players), replayed at ${model.correctGuessesPerSecond.toLocaleString("en-US")} correct guesses/s for ${model.simulatedSeconds} s`,
  );
  console.log(
    `   against Convex's concurrency (run time ${model.runMs} ms, 4 retries${model.cap === undefined ? "" : `, at most ${model.cap} in flight: class ${model.deploymentClass}`}) and subscriptions (${model.viewers.toLocaleString("en-US")} viewers).\n`,
  );
  const count = (v) => Math.round(v).toLocaleString("en-US");
  const format = (v) =>
    typeof v !== "number" ? "n/a" : v !== 0 && Math.abs(v) < 10 ? v.toFixed(4) : count(v);
  const missed = [];
  for (const budget of SCALE_BUDGETS) {
    const value = budget.pick(scale);
    const met = meets(budget, value, scale);
    if (!met) missed.push(budget.name);
    const before = previous?.scale === undefined ? undefined : budget.pick(previous.scale);
    const was = before === undefined ? "" : `   was ${format(before)}`;
    const limit = `${budget.below ? "<" : "≤"} ${format(limitOf(budget, scale))}`;
    console.log(
      `   ${pad(budget.label, 46)}${padLeft(format(value), 14)}   ${limit}: ${verdict(met)}${was}`,
    );
  }
  console.log(
    `\n   budgets' sources: ${SCALE_BUDGETS.map((b) => `${b.name}: ${b.source}`).join("; ")}`,
  );
  console.log(
    "\n   per function: calls, refused (over the cap), conflicting attempts, failed, failedCallRate",
  );
  for (const [kind, r] of Object.entries(scale.calls)) {
    console.log(
      `   ${pad(kind, 34)}${padLeft(count(r.calls), 8)}${padLeft(count(r.refused ?? 0), 8)}${padLeft(count(r.conflicts), 8)}${padLeft(count(r.failed), 8)}${padLeft((r.failedCallRate ?? r.failed / r.calls).toFixed(4), 10)}`,
    );
  }
  if (scale.foldPace !== undefined) {
    console.log(
      `\n   the fold's pace (${scale.fold?.shards ?? "?"} lanes side by side, then one serial apply and a publish every 10 s; run times from their recorded work):`,
    );
    console.log(
      "   tallies/s, lane run ms, deleted entries stepped over, lane runs/s, apply ms, applies/s, apply busy, lag, backlog halfway → end",
    );
    for (const [rate, p] of Object.entries(scale.foldPace)) {
      console.log(
        `   ${padLeft(count(Number(rate)), 7)} correct/s${padLeft(count(p.talliesPerSecond), 9)}${padLeft(count(p.lastRunMs), 6)} ms${padLeft(count(p.lastDeadEntries), 9)}${padLeft(p.runsPerSecond.toFixed(2), 7)}${padLeft(count(p.lastApplyMs ?? 0), 6)} ms${padLeft((p.applyRunsPerSecond ?? 0).toFixed(2), 7)}${padLeft(`${Math.round((p.applyBusy ?? 0) * 100)} %`, 7)}${padLeft(ms(p.foldLagMs), 10)}   ${count(p.backlogHalfway)} → ${count(p.backlogAtEnd)}${p.bounded ? "" : " (growing)"}`,
      );
    }
  }
  if (scale.pushedBytesPerSecond !== undefined) {
    console.log(
      `\n   pushed to ${count(model.viewers)} viewers of each: ${Object.entries(
        scale.pushedBytesPerSecond,
      )
        .map(([name, bytes]) => `${name} ${(bytes / 1e6).toFixed(2)} MB/s`)
        .join(", ")}`,
    );
  }
  if (scale.midnight !== undefined) {
    const m = scale.midnight;
    console.log(
      `   the largest zone's midnight: ${count(m.pages)} pages' game.sync within ${m.spreadMs} ms: at most ${count(m.peakInFlight)} in flight (${count(m.refused)} refused); all at once: ${count(m.peakInFlightWithoutSpread)} (${count(m.refusedWithoutSpread)} refused)`,
    );
  }
  if (scale.jobs !== undefined) {
    console.log(
      `   crons and jobs replayed: ${scale.jobs.replayed.map((j) => j.name).join(", ")}; actions not replayed: ${scale.jobs.actionsNotReplayed.join(", ") || "none"}; writing what players read: ${scale.jobs.writingWhatPlayersRead.join(", ") || "none"}`,
    );
  }
  if (scale.fold !== undefined) {
    const { fold } = scale;
    console.log(
      `\n   the fold: ${count(fold.talliesPerSecond)} tallies/s; lane runs ${fold.runsPerSecond}/s of up to ${count(fold.talliesPerRun)} recorded, applies ${fold.applyRunsPerSecond ?? "?"}/s, publishes ${fold.publishRunsPerSecond ?? "?"}/s; rank queries (shared by all viewers) re-run per lane run, apply, publish: ${typeof fold.rankRunsPerFoldRun === "object" ? Object.values(fold.rankRunsPerFoldRun).join(", ") : fold.rankRunsPerFoldRun}; a lane run writes ${count(fold.bytesWrittenPerRun)} bytes; conflicts with players: ${fold.conflictsWithPlayers}`,
    );
  }
  if (scale.rooms !== undefined) {
    const { rooms } = scale;
    console.log(
      `\n   party rooms: ${count(rooms.rounds)} rounds of a full room (${rooms.players} players, a wrong guess each, then every right answer within ${rooms.answerWindowMs} ms): ${count(rooms.guesses)} guesses, ${count(rooms.conflictingAttempts)} conflicting attempts, ${count(rooms.failed)} failed after retries`,
    );
  }
  console.log(
    `\n   a correct guess's bytes by table: ${Object.entries(scale.writesPerCorrectGuess)
      .map(([table, bytes]) => `${table} ${bytes}`)
      .join(", ")}`,
  );
  return missed;
}

/** Prints the idle figures beside their budgets; returns the names of those missed. */
function printIdle(idle, previous) {
  console.log(
    "\n6. An idle deployment (scripts/bench/idle.bench.ts): a UTC day replayed in convex-test on a fake",
  );
  console.log(
    "   clock, every cron on its schedule and every job run, the daily refresh with AniList sending",
  );
  console.log(
    `   yesterday's pages (scaled to ${idle.measured.cataloguePages} pages), one player at noon; a month is 30 such days` +
      `${idle.measured.hoursReplayed === 24 ? "" : ` (only ${idle.measured.hoursReplayed} h replayed: BENCH_IDLE_HOURS)`}.\n`,
  );
  const count = (v) => Math.round(v).toLocaleString("en-US");
  const rows = [
    ["runsPerMonth", count, BUDGET.idleRunsPerMonth],
    ["bytesWrittenPerDay", count, BUDGET.idleBytesWrittenPerDay],
    ["foldWakeMs", ms, BUDGET.foldWakeMs],
  ];
  const missed = [];
  for (const [name, format, limit] of rows) {
    const value = idle[name];
    const met = typeof value === "number" && value <= limit;
    if (!met) missed.push(name);
    const before = previous?.idle?.[name];
    const was = before === undefined ? "" : `   was ${format(before)}`;
    console.log(
      `   ${pad(name, 30)}${padLeft(format(value), 12)}   ≤ ${format(limit)}: ${verdict(met)}${was}`,
    );
  }
  const { measured, idleMonth, playersMonth, session } = idle;
  console.log(
    `\n   the ${measured.hoursReplayed} h replayed: ${count(measured.runsPerDay)} runs of the deployment's own; every function run: ${Object.entries(
      measured.runsByName,
    )
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}`,
  );
  console.log(
    `   bytes written ${count(measured.bytesWritten)}, read ${count(measured.bytesRead)}; the noon session: ${session.playerCalls} calls of the player, ${session.jobCalls} job runs, ${count(session.bytesWritten)} B written, ${count(session.bytesRead)} B read`,
  );
  const mb = (bytes) =>
    bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `   a month idle: ${count(idleMonth.calls)} function calls, ${mb(idleMonth.ioBytes)} database I/O; at ${count(playersMonth.dailyPlayers)} daily players (each one such session): ${count(playersMonth.calls)} calls, ${mb(playersMonth.ioBytes)} I/O`,
  );
  return missed;
}

function printConvex(convex) {
  const counts = Object.keys(convex.players)
    .map(Number)
    .sort((a, b) => a - b);
  console.log(
    `\n3. Convex: documents read / written per call (convex-test, ${convex.animeCount.toLocaleString("en-US")} anime;`,
  );
  console.log("   a read is a document returned to the function, including the caller's session");
  console.log("   and user the auth wrapper reads; a scheduled function counts as a write;");
  console.log(
    "   rooms.*: a room of 12 beside one other room per 10 players, e.g. 10 and 1,000)\n",
  );
  const columns = counts.map((n) => `${n.toLocaleString("en-US")} players`);
  console.log(`   ${pad("", 38)}${columns.map((c) => padLeft(c, 18)).join("")}   budget`);
  const names = Object.keys(convex.players[counts[0]]);
  for (const name of names) {
    const figures = counts.map((n) => convex.players[n][name]);
    const cells = figures.map((f) => padLeft(`${f.reads} r / ${f.writes} w`, 18));
    const totals = figures.map((f) => f.reads + f.writes);
    const same = totals.every((total) => total === totals[0]);
    let budget = same ? "same at every size" : `grows: ${totals.join(" → ")} documents`;
    if (name.startsWith("game.guess")) {
      const limit = name.includes("correct") ? BUDGET.correctGuessDocuments : BUDGET.guessDocuments;
      const met = same && totals.every((total) => total <= limit);
      budget = `≤ ${limit} read+written, same at every size: ${verdict(met)}`;
    } else if (name.startsWith("judge")) {
      const met = figures.every((f) => f.reads <= BUDGET.judgeReads && f.writes === 0);
      budget = `≤ ${BUDGET.judgeReads} read, none written, the worst path: ${verdict(met)}`;
    } else if (name.startsWith("titles.suggest")) {
      const met = figures.every((f) => f.reads <= BUDGET.suggestReads && f.writes === 0);
      budget = `≤ ${BUDGET.suggestReads} read, none written, the worst text: ${verdict(met)}`;
    } else if (name.startsWith("title index")) {
      budget = "bounded by the anime's titles (MAX_TERMS_PER_ANIME, MAX_PREFIX_ROWS_PER_ANIME)";
    } else if (name.startsWith("leaderboard.top")) {
      const reads = figures.map((f) => f.readsByTable.boardEntries ?? 0);
      const met = reads.every((r) => r <= BUDGET.topPlayerReads);
      budget = `≤ ${BUDGET.topPlayerReads} board entries read: ${verdict(met)}`;
    } else if (name.startsWith("rooms.advance (next round")) {
      // The solo deal's probes and walk, each candidate checked against every member's seen record.
      budget =
        "varies with the draw, not with rooms: ≤ 40 anime, each with ≤ 12 members' seen records";
    } else if (name.startsWith("game.next")) {
      // Random probes, then a walk, to an anime the player has not seen (DEAL_PROBES + DEAL_CANDIDATES);
      // then the dealt clue's check (catalogue/clue/roundClue.ts): the seeds' clues are short, so
      // each deal also reads its franchise's first entries (MAX_FRANCHISE_ENTRIES).
      budget =
        "varies with the draw, not with players: at most 40 anime + 40 seen records, then the clue's check (≤ 8 anime + the judge's reads per phrase asked)";
    }
    console.log(`   ${pad(name, 38)}${cells.join("")}   ${budget}`);
  }
  for (const [players, figures] of Object.entries(convex.rank ?? {})) {
    console.log(`\n   The rank on a board of ${Number(players).toLocaleString("en-US")} players:`);
    for (const [name, f] of Object.entries(figures)) {
      const met = f.reads <= BUDGET.rankReads;
      const budget = `≤ ${BUDGET.rankReads} read: ${verdict(met)}`;
      console.log(`   ${pad(name, 38)}${padLeft(`${f.reads} r / ${f.writes} w`, 18)}   ${budget}`);
    }
  }
  const dailyCounts = Object.keys(convex.daily ?? {})
    .map(Number)
    .sort((a, b) => a - b);
  if (dailyCounts.length > 0) {
    console.log(
      "\n   The Daily, beside players who played it today (their rounds, streaks, results):",
    );
    const header = dailyCounts.map((n) => padLeft(`${n.toLocaleString("en-US")} players`, 18));
    console.log(`   ${pad("", 46)}${header.join("")}   budget`);
    for (const name of Object.keys(convex.daily[dailyCounts[0]])) {
      const figures = dailyCounts.map((n) => convex.daily[n][name]);
      const totals = figures.map((f) => f.reads + f.writes);
      const same = totals.every((total) => total === totals[0]);
      const cells = figures.map((f) => padLeft(`${f.reads} r / ${f.writes} w`, 18));
      console.log(`   ${pad(name, 46)}${cells.join("")}   same at every size: ${verdict(same)}`);
    }
  }
  if (convex.coverBytes) {
    const { steps, clear, round } = convex.coverBytes;
    console.log(
      `\n   A round's covers (generated test poster; a photographic cover weighs more): steps ` +
        `${steps.join(" + ")} B, clear ${clear} B; all of a round ${round} B, the first paint ${steps[0]} B`,
    );
  }
  for (const [players, presence] of Object.entries(convex.roomPresence ?? {})) {
    const { steady, comingBack, perSecond } = presence;
    const met = steady === 0;
    console.log(
      `\n   rooms.view re-runs per heartbeat, a room of 12 beside ${(Number(players) / 10).toLocaleString("en-US")} others: ` +
        `${steady} (${perSecond} a second from presence; 0: ${verdict(met)}); a player coming back: ${comingBack}`,
    );
  }
  const widest = counts.at(-1);
  console.log(`\n   By table, at ${widest.toLocaleString("en-US")} players:`);
  for (const name of names) {
    const f = convex.players[widest][name];
    const describe = (byTable) =>
      Object.entries(byTable)
        .map(([table, n]) => `${table} ${n}`)
        .join(", ") || "none";
    console.log(
      `   ${pad(name, 38)}read: ${describe(f.readsByTable)}; written: ${describe(f.writesByTable)}`,
    );
  }
}

// ---------------------------------------------------------------- main

const latestPath = path.join(resultsDir, "latest.json");
const previous = existsSync(latestPath) ? JSON.parse(readFileSync(latestPath, "utf8")) : null;
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: loadavg()[0],
};
const started = Date.now();
console.log(
  `Anime Guess benchmark: ${results.date}, Node ${process.version}, ${results.cpus} CPUs, load average ${results.loadAverage.toFixed(1)}`,
);
console.log(`(build and server output: ${path.relative(root, logFile)})`);

if (parts.has("bytes")) {
  results.bytes = await measureBytes();
  printBytes(results.bytes, previous);
}
if (parts.has("lighthouse")) {
  results.lighthouse = await measureLighthouse();
  printLighthouse(results.lighthouse, previous);
}
if (parts.has("convex")) {
  results.convex = await measureConvex();
  printConvex(results.convex);
}
let scaleMissed = [];
if (parts.has("scale")) {
  results.scale = await measureScale();
  scaleMissed = printScale(results.scale, previous);
}
if (parts.has("roomlink")) {
  results.roomLink = await measureRoomLinkPart();
  printRoomLink(results.roomLink, previous);
}
let firstTapMissed = [];
if (parts.has("firsttap")) {
  results.firstTap = await measureFirstTapPart();
  firstTapMissed = printFirstTap(results.firstTap, previous);
}
let idleMissed = [];
if (parts.has("idle")) {
  results.idle = await measureIdle();
  idleMissed = printIdle(results.idle, previous);
}
// The parts not measured this time keep their last figures: latest.json holds every part.
for (const part of ["bytes", "lighthouse", "convex", "scale", "roomLink", "firstTap", "idle"]) {
  if (results[part] === undefined && previous?.[part] !== undefined) results[part] = previous[part];
}

results.loadAverageAtEnd = loadavg()[0];
if (previous) renameSync(latestPath, path.join(resultsDir, "previous.json"));
writeFileSync(latestPath, `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\nDone in ${Math.round((Date.now() - started) / 1000)} s; figures in ${path.relative(root, latestPath)}` +
    `${previous ? " (the run before: bench-results/previous.json)" : ""}.`,
);
if (idleMissed.length > 0) {
  console.error(`\nIdle budget missed: ${idleMissed.join(", ")}`);
  process.exitCode = 1;
}
if (firstTapMissed.length > 0) {
  console.error(`\nFirst tap or Submit over budget: ${firstTapMissed.join(", ")}`);
  process.exitCode = 1;
}
if (scaleMissed.length > 0) {
  console.error(`\nScale budget missed: ${scaleMissed.join(", ")}`);
  process.exitCode = 1;
}
if (results.loadAverageAtEnd > results.cpus) {
  console.log(
    `Note: the machine was busy (load average ${results.loadAverageAtEnd.toFixed(1)} on ${results.cpus} CPUs); ` +
      "Lighthouse's CPU-bound figures (TBT, and LCP/FCP through script time) come out worse than on a quiet machine.",
  );
}
