// Lighthouse (its default: the mobile preset with simulated throttling) in headless Chromium
// against `vite preview --mode e2e`, whose preview server runs the Convex functions in
// convex-test: "/" as a visitor, "/game" as a signed-in player with a seeded pool.
/* global window -- signInBrowser's callback runs in the page, not in Node */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumArgs } from "../../testing/e2e/browser.mjs";
import { median } from "./median.mjs";

/** Where the e2e build reaches its backend (the app keeps its session under that address). */
export const E2E_BASE = "/__convex_test";
const E2E = E2E_BASE;
const CHROMIUM_FLAGS = ["--headless=new", ...chromiumArgs];
const POOL_SIZE = 50;

async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `vite preview --mode e2e` on a free port (`env`: ANIME_GUESS_PREVIEW=offline for the
 * offline preview); resolves once its test backend answers.
 */
export async function startPreview({ root, outDir, log, env = {} }) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(root, "node_modules/vite/bin/vite.js"),
      "preview",
      "--mode",
      "e2e",
      "--outDir",
      outDir,
      "--port",
      String(port),
      "--strictPort",
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } },
  );
  child.stdout.on("data", log);
  child.stderr.on("data", log);
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}${E2E}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("vite preview did not start within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop: () => child.kill() };
}

/** A call to the e2e server's control routes (reset, seed, run…); its value. */
export async function control(origin, route, body = {}) {
  const response = await fetch(`${origin}${E2E}/control/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`e2e ${route} failed: ${json.error}`);
  return json.value;
}

/** The bench's pool (POOL_SIZE anime, "Bench Show n") seeded into an e2e backend. */
export async function seedPool(origin) {
  const palette = ["#e4a15d", "#5d8be4", "#4fbf8f", "#d65d8b", "#9b6ae4", "#e4d35d"];
  const documents = Array.from({ length: POOL_SIZE }, (_, i) => {
    const n = i + 1;
    return {
      anilistId: 800_000 + n,
      title: { english: `Bench Show ${n}`, romaji: `Benchi Shou ${n}`, native: null },
      synonyms: [],
      clue:
        `Someone leaves a quiet village to find a lost friend, and learns that the road ` +
        `remembers everyone who walked it. Along the way, a rival becomes a companion.\n` +
        `Genres: Adventure, Drama`,
      answers: [`Bench Show ${n}`, `Benchi Shou ${n}`],
      // Never fetched: the e2e server gives seeded anime generated cover images.
      coverImage: `https://covers.bench.test/${n}.jpg`,
      coverColor: palette[i % palette.length],
      siteUrl: `https://anilist.co/anime/${800_000 + n}`,
      genres: ["Adventure", "Drama"],
      randomRank: (i + 0.5) / POOL_SIZE,
      updatedAt: 0,
    };
  });
  await control(origin, "seed", { table: "anime", documents });
}

/** A new account (`name`@example.com) through Convex Auth's real sign-up; its session tokens. */
export async function createAccount(origin, name = "bench") {
  const response = await fetch(`${origin}${E2E}/api/action`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      path: "auth:signIn",
      format: "convex_encoded_json",
      args: [
        {
          provider: "password",
          params: {
            flow: "signUp",
            email: `${name}@example.com`,
            username: name,
            password: "secret123",
          },
        },
      ],
    }),
  });
  const result = await response.json();
  if (result.status !== "success") throw new Error(`sign-up failed: ${result.errorMessage}`);
  return result.value.tokens;
}

/** Headless Chromium with a DevTools port, in a fresh profile (nothing cached). */
async function launchChromium(chromiumPath) {
  const profile = mkdtempSync(path.join(tmpdir(), "anime-guess-bench-"));
  const child = spawn(
    chromiumPath,
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
    child.stderr.on("data", (data) => {
      output += data;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing there for a moment.
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          rmSync(profile, { recursive: true, force: true });
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
    },
  };
}

/** Puts the session's tokens in the origin's localStorage, as a signed-in tab leaves them. */
async function signInBrowser(port, origin, tokens) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  // A page of the origin that loads none of the app's files, so nothing gets cached.
  await page.goto(`${origin}${E2E}/health`);
  await page.evaluate(
    ({ token, refreshToken, base }) => {
      const namespace = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, "");
      window.localStorage.setItem(`__convexAuthJWT_${namespace}`, token);
      window.localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, refreshToken);
      // The app keeps the token for the boot too (TOKEN_STORAGE_KEY, src/boot/protocol.ts).
      window.localStorage.setItem("animeGuess.token", token);
    },
    { ...tokens, base: E2E },
  );
  await page.close();
  await browser.close();
}

function figuresOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    mainThreadMs: numeric("mainthread-work-breakdown"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
    totalByteWeight: numeric("total-byte-weight"),
    // What the page load spent on cover images (the first blur step of the round).
    coverBytes: (lhr.audits["network-requests"]?.details?.items ?? [])
      .filter((item) => item.url.includes("/cover/"))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    lcpElement:
      lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet,
    failingAudits: {
      accessibility: failing("accessibility"),
      bestPractices: failing("best-practices"),
    },
    lighthouseVersion: lhr.lighthouseVersion,
    chromiumVersion: lhr.environment?.hostUserAgent,
  };
}

async function audit({ chromiumPath, origin, url, route, signedIn }) {
  // Another site (`--compare`) is audited as it is, unless it is a build of this app served in
  // its e2e mode at /game: then it is reset, seeded and signed in to as this one is.
  const site = url === undefined ? origin : new URL(url).origin;
  if (url === undefined || signedIn) await control(site, "reset");
  let tokens = null;
  if (signedIn) {
    await seedPool(site);
    tokens = await createAccount(site);
  }
  const target = url ?? `${origin}${route}`;
  const chrome = await launchChromium(chromiumPath);
  try {
    if (tokens) await signInBrowser(chrome.port, site, tokens);
    const result = await lighthouse(
      target,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        // Keeps the tokens put in localStorage above (the profile is new, so nothing is cached).
        disableStorageReset: signedIn,
      },
      undefined,
    );
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${target}`);
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse on ${target}: ${result.lhr.runtimeError.message}`);
    }
    return { lhr: result.lhr, figures: figuresOf(result.lhr) };
  } finally {
    await chrome.close();
  }
}

/** The numeric figures, each the median of its own values over the runs. */
const MEDIAN_FIGURES = [
  "performance",
  "accessibility",
  "bestPractices",
  "fcpMs",
  "lcpMs",
  "tbtMs",
  "mainThreadMs",
  "cls",
  "speedIndexMs",
  "totalByteWeight",
  "coverBytes",
];

/** This app's pages the benchmark audits: each route as a visitor or as a signed-in player sees it. */
export const OWN_PAGES = [
  { name: "/", route: "/", signedIn: false },
  { name: "/game (signed in)", route: "/game", signedIn: true },
  { name: "/leaderboard", route: "/leaderboard", signedIn: false },
  { name: "/me (signed in)", route: "/me", signedIn: true },
  { name: "/qr (signed in)", route: "/qr", signedIn: true },
];

/** A short column name for another site: its host and path. */
export function compareName(url) {
  const { host, pathname } = new URL(url);
  return `${host}${pathname === "/" ? "" : pathname}`;
}

/**
 * Audits each page `runs` times, the pages interleaved within each run (this app's pages, then
 * every `compare` URL), so that all of them meet the same load on the machine; prints the load
 * average of each run. Each figure is the median of its own values over the runs (not the run
 * with the median score); the LCP element and the failing audits come from the run with the
 * median performance score, whose full report is written beside the results.
 */
export async function runLighthouse({
  chromiumPath,
  origin,
  runs,
  reportDir,
  routes = OWN_PAGES.map((page) => page.route),
  compare = [],
  onRun = () => {},
}) {
  const pages = OWN_PAGES.filter((page) => routes.includes(page.route));
  for (const url of compare) {
    // A previous build of this app (`vite preview --mode e2e`) at /game: its signed-in game.
    const signedIn = new URL(url).pathname === "/game";
    pages.push({ name: compareName(url) + (signedIn ? " (signed in)" : ""), url, signedIn });
  }
  mkdirSync(reportDir, { recursive: true });
  const attempts = new Map(pages.map((page) => [page.name, []]));
  const runLoad = [];
  for (let run = 0; run < runs; run++) {
    const before = loadavg()[0];
    for (const page of pages) {
      attempts.get(page.name).push(await audit({ chromiumPath, origin, ...page }));
    }
    runLoad.push({ run: run + 1, loadAverageAtStart: before, loadAverageAtEnd: loadavg()[0] });
    onRun(runLoad.at(-1), runs);
  }
  const results = {};
  for (const page of pages) {
    const all = attempts.get(page.name);
    const byScore = [...all].sort((a, b) => a.figures.performance - b.figures.performance);
    const middle = byScore[Math.floor(byScore.length / 2)];
    const slug = page.url
      ? `compare-${page.name.replace(/[^a-zA-Z0-9]+/g, "-")}`
      : page.route === "/"
        ? "landing"
        : page.route.replace(/\//g, "-").replace(/^-/, "");
    const file = `lighthouse-${slug}.json`;
    writeFileSync(path.join(reportDir, file), JSON.stringify(middle.lhr));
    const medians = Object.fromEntries(
      MEDIAN_FIGURES.map((figure) => [figure, median(all.map((a) => a.figures[figure]))]),
    );
    results[page.name] = {
      ...middle.figures,
      ...medians,
      perRun: all.map((a) => Object.fromEntries(MEDIAN_FIGURES.map((f) => [f, a.figures[f]]))),
      compared: page.url !== undefined,
      runs,
      report: path.join(reportDir, file),
    };
  }
  return { pages: results, runLoad };
}
