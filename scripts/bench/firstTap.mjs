// A visitor's first tap on the landing page: the time from the finger touching a control to the
// first paint of the dialog it opens, as a phone would see it: 390×844 with touch, the CPU slowed
// 4× (Chromium's `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset assumes), the tap
// 1 s after the load event, in a fresh browser context (nothing cached) each time. Lighthouse does
// not show this: its TBT and INP end at the tap's own handler, while the dialog may come later.
// Measured on this build and on a build before the change, interleaved run by run so that both
// meet the same load on the machine.
/* global window, document, requestAnimationFrame, MutationObserver -- page scripts */
import { chromium } from "playwright-core";
import { chromiumArgs } from "../../testing/e2e/browser.mjs";
import { median } from "./median.mjs";
import { CPU_SLOWDOWN, PHONE_VIEWPORT, phonePage } from "./phone.mjs";

/** What a visitor taps on the landing page, found by its accessible name. */
export const FIRST_TAP_CONTROLS = [
  { name: "howToPlay", label: "How to Play", role: "button" },
  { name: "startPlaying", label: "Start Playing", role: "button" },
  // The top bar's: the page's own log-in (the app's log-in dialog on builds before 2026-11-28).
  { name: "login", label: "Login", role: "button" },
  // A link to /daily on builds where the Daily card's button navigates there (a dialog then opens
  // on that page: still measured to its first paint).
  { name: "daily", label: "Play today's Daily", role: null },
];

const TAP_AFTER_LOAD_MS = 1000;

/**
 * Runs in the page before any of its scripts, on every document of the context (a tap that
 * navigates is followed to the next page): the tap's time (the first touch's event time) and the
 * frame after the first dialog is in the page (a role=dialog element or an open <dialog>), both as
 * epoch milliseconds (timeOrigin + performance time), kept in sessionStorage across a navigation.
 */
function watchForDialog() {
  const KEY = "__firstTap";
  const read = () => JSON.parse(sessionStorage.getItem(KEY) ?? "{}");
  const write = (marks) => sessionStorage.setItem(KEY, JSON.stringify(marks));
  const epoch = (time) => performance.timeOrigin + time;
  const onTouch = (event) => {
    const marks = read();
    if (marks.tap !== undefined) return;
    write({ ...marks, tap: epoch(event.timeStamp) });
  };
  for (const type of ["touchstart", "pointerdown"]) {
    window.addEventListener(type, onTouch, { capture: true, passive: true });
  }
  const isOpenDialog = (element) =>
    element.matches('[role="dialog"], [role="alertdialog"], dialog[open]') &&
    element.getClientRects().length > 0;
  const observer = new MutationObserver(() => {
    const marks = read();
    if (marks.tap === undefined || marks.dialogInDom !== undefined) return;
    const dialog = [...document.querySelectorAll('[role="dialog"], dialog[open]')].find(
      isOpenDialog,
    );
    if (dialog === undefined) return;
    observer.disconnect();
    write({ ...marks, dialogInDom: epoch(performance.now()) });
    // Painted in the frame after the one it entered: the second rAF runs after that paint.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => write({ ...read(), dialogPainted: epoch(performance.now()) })),
    );
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["open", "role", "data-state", "style", "hidden"],
  });
}

/** One tap on a fresh load of `origin`'s landing page; ms from the tap to the dialog's paint. */
async function tapOnce(browser, origin, control) {
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript(watchForDialog);
    await page.goto(`${origin}/`, { waitUntil: "load" });
    await page.waitForTimeout(TAP_AFTER_LOAD_MS);
    const target =
      control.role === null
        ? page.getByText(control.label, { exact: true })
        : page.getByRole(control.role, { name: control.label, exact: true });
    // A touch, as a phone's: Playwright's tap dispatches touch events at the element's centre.
    await target.first().tap({ timeout: 10_000, noWaitAfter: true });
    const marks = await page
      .waitForFunction(
        () => {
          const marks = JSON.parse(sessionStorage.getItem("__firstTap") ?? "{}");
          return marks.dialogPainted !== undefined ? marks : null;
        },
        undefined,
        { timeout: 30_000, polling: 100 },
      )
      .then((handle) => handle.jsonValue());
    return {
      tapToDialogMs: marks.dialogPainted - marks.tap,
      tapToDialogInDomMs: marks.dialogInDom - marks.tap,
    };
  } finally {
    await context.close();
  }
}

/**
 * Taps each control `runs` times on each site (`{ name, origin }`), interleaved: every run taps
 * each control on every site in turn. Per site and control: the median and each run's figure
 * (null for a run in which no dialog came within 30 s).
 */
export async function measureFirstTap({ chromiumPath, sites, runs, onRun = () => {} }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  const perRun = Object.fromEntries(
    sites.map((site) => [
      site.name,
      Object.fromEntries(FIRST_TAP_CONTROLS.map((c) => [c.name, []])),
    ]),
  );
  try {
    for (const site of sites) await fetch(`${site.origin}/`); // warms each server's loader
    for (let run = 0; run < runs; run++) {
      for (const control of FIRST_TAP_CONTROLS) {
        for (const site of sites) {
          let figure;
          try {
            figure = await tapOnce(browser, site.origin, control);
          } catch (error) {
            figure = { tapToDialogMs: null, tapToDialogInDomMs: null, error: String(error) };
          }
          perRun[site.name][control.name].push(figure);
        }
      }
      onRun(run + 1, runs);
    }
  } finally {
    await browser.close();
  }
  const results = {};
  for (const site of sites) {
    results[site.name] = { origin: site.origin, revision: site.revision ?? null, controls: {} };
    for (const control of FIRST_TAP_CONTROLS) {
      const all = perRun[site.name][control.name];
      results[site.name].controls[control.name] = {
        label: control.label,
        tapToDialogMs: median(all.map((figure) => figure.tapToDialogMs)),
        tapToDialogInDomMs: median(all.map((figure) => figure.tapToDialogInDomMs)),
        perRun: all.map((figure) => figure.tapToDialogMs),
        errors: all.filter((figure) => figure.error).map((figure) => figure.error.slice(0, 300)),
      };
    }
  }
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    tapAfterLoadMs: TAP_AFTER_LOAD_MS,
    viewport: PHONE_VIEWPORT,
    runs,
    sites: results,
  };
}
