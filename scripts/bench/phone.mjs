// The phone the first-tap and first-Submit benches measure on: 390×844 with touch, the CPU slowed
// 4× (Chromium's `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset assumes), in a
// fresh browser context each time (nothing cached).

export const CPU_SLOWDOWN = 4;
export const PHONE_VIEWPORT = "390×844 touch";

/** A fresh phone context and its page, the CPU slowed; close the context when done. */
export async function phonePage(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}
