// A returning player's first Submit on /game, as a phone would see it (390×844 touch, the CPU 4×
// slower, a fresh context each time): the player types a guess into the round the page shows, taps
// Submit 1 s after the load event, and the figure is the time from the server's reply to the guess
// to the first paint of its verdict ("Wrong! …"), what the app itself adds to the wait. Also kept:
// the tap to the verdict's paint, and when Submit could first be tapped (a tap on the round painted
// before the app's scripts waits for them: Playwright's tap waits for an enabled button).
// In the e2e build the guess goes over HTTP (testing/e2e/httpBackend.ts), where the deployed app
// has a WebSocket, and the client resolves the mutation once it has fetched every subscribed query
// anew (testing/client/ConvexTestClient.ts), as Convex sends a mutation's answer with the query
// updates it caused: "the reply" ends with the last of those fetches, the app's work after it.
/* global window, document, requestAnimationFrame, MutationObserver -- page scripts */
import { chromium } from "playwright-core";
import { chromiumArgs } from "../../testing/e2e/browser.mjs";
import { control, createAccount, E2E_BASE, seedPool } from "./lighthouse.mjs";
import { median } from "./median.mjs";
import { CPU_SLOWDOWN, phonePage } from "./phone.mjs";

const TAP_AFTER_LOAD_MS = 1000;
/** A real title (the judge knows it, convex/model/judge/knownTitles.ts) outside the seeded pool: "Wrong!". */
const WRONG_GUESS = "Mob Psycho 100";
const VERDICT = /^Wrong! /;
/** A Submit that sends nothing (a build that lost the typed guess) is given up after this. */
const VERDICT_WAIT_MS = 10_000;

/**
 * Runs in the page before any of its scripts: signs the player in as the app keeps a session
 * (src/boot/protocol.ts's key and Convex Auth's), and marks, as epoch milliseconds, the load
 * event, when Submit is first enabled, the tap, the guess's reply, and the frame after the
 * verdict is in the page.
 */
function watchFirstSubmit({ tokens, base, verdict }) {
  const namespace = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, "");
  localStorage.setItem(`__convexAuthJWT_${namespace}`, tokens.token);
  localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, tokens.refreshToken);
  localStorage.setItem("animeGuess.token", tokens.token);
  const marks = {};
  window.__firstSubmit = marks;
  const now = () => performance.timeOrigin + performance.now();
  window.addEventListener("load", () => (marks.load = now()));
  window.addEventListener(
    "touchstart",
    (event) => {
      if (
        marks.tap === undefined &&
        event.target.closest?.("button")?.textContent === "Submit Guess"
      ) {
        marks.tap = performance.timeOrigin + event.timeStamp;
      }
    },
    { capture: true, passive: true },
  );
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const isGuess = typeof init?.body === "string" && init.body.includes('"game:guess"');
    const isQuery = typeof input === "string" && input.endsWith("/api/query");
    const response = await originalFetch(input, init);
    if (isGuess && marks.reply === undefined) {
      marks.reply = now();
      marks.replyBody = (await response.clone().text()).slice(0, 300);
    } else if (isQuery && marks.reply !== undefined && marks.verdictInDom === undefined) {
      // The e2e client resolves a mutation once it has fetched every query anew: the deployed
      // app gets the guess's answer with those updates, in one message. The reply ends there.
      marks.reply = now();
    }
    return response;
  };
  const pattern = new RegExp(verdict);
  const observer = new MutationObserver(() => {
    const submit = [...document.querySelectorAll("main button")].find(
      (button) => button.textContent === "Submit Guess",
    );
    if (marks.submitEnabled === undefined && submit !== undefined && !submit.disabled) {
      marks.submitEnabled = now();
    }
    if (marks.reply === undefined || marks.verdictInDom !== undefined) return;
    const shown = [...document.querySelectorAll("main p, main [role=status] *")].some((element) =>
      pattern.test(element.textContent ?? ""),
    );
    if (!shown) return;
    marks.verdictInDom = now();
    requestAnimationFrame(() => requestAnimationFrame(() => (marks.verdictPainted = now())));
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
}

/** One first Submit on a fresh load of `origin`'s /game, signed in as a new player. */
async function submitOnce(browser, origin, name) {
  const tokens = await createAccount(origin, name);
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript(watchFirstSubmit, {
      tokens,
      base: E2E_BASE,
      verdict: VERDICT.source,
    });
    await page.goto(`${origin}/game`, { waitUntil: "load" });
    const box = page.getByRole("combobox", { name: "Your guess" });
    await box.tap({ timeout: 15_000 });
    await page.keyboard.type(WRONG_GUESS);
    await page.keyboard.press("Escape"); // the suggestion list, if it opened, closed
    const sinceLoad = await page.evaluate(
      () => performance.now() - (window.__firstSubmit.load - performance.timeOrigin),
    );
    if (sinceLoad < TAP_AFTER_LOAD_MS) await page.waitForTimeout(TAP_AFTER_LOAD_MS - sinceLoad);
    await page
      .getByRole("button", { name: "Submit Guess", exact: true })
      .tap({ timeout: 15_000, noWaitAfter: true });
    const marks = await page
      .waitForFunction(
        () => (window.__firstSubmit.verdictPainted ? window.__firstSubmit : null),
        undefined,
        { timeout: VERDICT_WAIT_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue())
      .catch(async () => {
        const seen = await page.evaluate(() => ({
          sent: window.__firstSubmit.reply !== undefined,
          answer: window.__firstSubmit.replyBody,
          box: document.querySelector("main input")?.value,
        }));
        throw new Error(
          `no verdict within ${VERDICT_WAIT_MS / 1000} s: ` +
            (seen.sent
              ? `the guess was answered ${seen.answer}`
              : `no guess sent (the box held "${seen.box}")`),
        );
      });
    return {
      replyToVerdictMs: marks.verdictPainted - marks.reply,
      tapToVerdictMs: marks.verdictPainted - marks.tap,
      loadToSubmitEnabledMs: marks.submitEnabled - marks.load,
    };
  } finally {
    await context.close();
  }
}

const FIGURES = ["replyToVerdictMs", "tapToVerdictMs", "loadToSubmitEnabledMs"];

/**
 * The first Submit `runs` times on each site (`{ name, origin }`, e2e builds of this app),
 * interleaved; each site reset and seeded first, a new player each run. Per site: each figure's
 * median and its runs (null for a run that saw no verdict within 30 s).
 */
export async function measureFirstSubmit({ chromiumPath, sites, runs, onRun = () => {} }) {
  for (const site of sites) {
    await control(site.origin, "reset");
    await seedPool(site.origin);
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  const perRun = Object.fromEntries(sites.map((site) => [site.name, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, site] of sites.entries()) {
        let figure;
        try {
          figure = await submitOnce(browser, site.origin, `submit${run}x${index}`);
        } catch (error) {
          figure = { ...Object.fromEntries(FIGURES.map((f) => [f, null])), error: String(error) };
        }
        perRun[site.name].push(figure);
      }
      onRun(run + 1, runs);
    }
  } finally {
    await browser.close();
  }
  const results = {};
  for (const site of sites) {
    const all = perRun[site.name];
    results[site.name] = {
      revision: site.revision ?? null,
      ...Object.fromEntries(FIGURES.map((f) => [f, median(all.map((figure) => figure[f]))])),
      perRun: Object.fromEntries(FIGURES.map((f) => [f, all.map((figure) => figure[f])])),
      errors: all.filter((figure) => figure.error).map((figure) => figure.error.slice(0, 300)),
    };
  }
  return { cpuSlowdown: CPU_SLOWDOWN, tapAfterLoadMs: TAP_AFTER_LOAD_MS, runs, sites: results };
}
