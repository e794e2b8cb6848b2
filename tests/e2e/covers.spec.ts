import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { BLUR_STEPS_PX } from "../../convex/model/shared/rules";
import { expect, SCREENS_DIR, test, type ServerControl } from "../../testing/e2e/fixtures";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

const SCREENS = process.env.COVER_SCREENS_DIR ?? SCREENS_DIR;

const cover = (page: Page) => page.getByRole("img", { name: /cover/i });
const coverBox = (page: Page) => page.getByTestId("cover");

async function coverLoaded(page: Page, step: number | "clear") {
  await expect(cover(page)).toHaveAttribute("src", new RegExp(`/${step}$`));
  await expect
    .poll(() =>
      cover(page).evaluate(
        (image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0 && getComputedStyle(image).opacity === "1",
      ),
    )
    .toBe(true);
}

async function guess(page: Page, text: string) {
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await page.getByRole("combobox", { name: "Your guess" }).fill(text);
  await page.getByRole("combobox", { name: "Your guess" }).press("Enter");
}

/** A player on /game over a one-anime pool, at `width` × `height`. */
async function openGame(page: Page, backend: ServerControl, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await backend.signIn(page);
  await page.goto("/game");
  await coverLoaded(page, 0);
}

/** Grey levels of a PNG, downscaled to 32 × 48 (what a glance at the cover tells). */
async function greyLevels(png: Buffer): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(png).resize(32, 48, { fit: "fill" }).greyscale().raw().toBuffer(),
  );
}

/** Detail: each grey level minus the mean of its 3 × 3 neighbourhood (edges, letters, shapes). */
function detail(grey: Uint8Array, w = 32, h = 48): number[] {
  const out: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += grey[(y + dy) * w + x + dx];
      out.push(grey[y * w + x] - sum / 9);
    }
  }
  return out;
}

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i] - mb);
    aa += (x - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb || 1);
}

test("the five steps on desktop and on a phone; without its CSS filter step 1 is still unrecognisable", async ({
  browser,
  backend,
}) => {
  test.setTimeout(120_000);
  await backend.seedAnimePool(1);
  const rows: Buffer[][] = [];
  let unfiltered: Buffer | null = null;
  let clear: Buffer | null = null;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openGame(page, backend, width, height);
    const box = (await coverBox(page).boundingBox())!;
    if (width === 390) {
      // Larger on phones: about 60 % of the card.
      const card = (await coverBox(page).locator("xpath=..").boundingBox())!;
      expect(box.width / card.width).toBeGreaterThan(0.5);
    }
    const row: Buffer[] = [];
    for (let step = 0; step < BLUR_STEPS_PX.length; step++) {
      await coverLoaded(page, step);
      await page.waitForTimeout(600); // the cross-fade
      row.push(await coverBox(page).screenshot());
      if (step === 0 && width === 1280) {
        // A cheater's first move: take the blur off.
        await cover(page).evaluate((image) => (image.style.filter = "none"));
        unfiltered = await coverBox(page).screenshot();
        await cover(page).evaluate((image) => (image.style.filter = ""));
      }
      if (step < BLUR_STEPS_PX.length - 1) await guess(page, `${WRONG_GUESS} ${step}`);
    }
    if (width === 1280) {
      await guess(page, "Test Show");
      await coverLoaded(page, "clear");
      await page.waitForTimeout(600);
      clear = await coverBox(page).screenshot();
      row.push(clear);
    }
    await page.screenshot({ path: `${SCREENS}/game-${width}.png` });
    rows.push(row);
    await context.close();
  }

  // One PNG: the desktop steps (and the clear cover) above, the phone's below.
  const cell = { width: 260, height: 390 };
  const tiles = await Promise.all(
    rows.flatMap((row, r) =>
      row.map(async (png, c) => ({
        input: await sharp(png)
          .resize(cell.width - 10, cell.height - 10, { fit: "contain", background: "#ffffff" })
          .png()
          .toBuffer(),
        left: c * cell.width + 5,
        top: r * cell.height + 5,
      })),
    ),
  );
  mkdirSync(SCREENS, { recursive: true });
  await sharp({
    create: { width: cell.width * 6, height: cell.height * 2, channels: 3, background: "#ffffff" },
  })
    .composite(tiles)
    .png()
    .toFile(`${SCREENS}/steps.png`);

  // Step 1 without its filter against the clear cover: the shapes and letters are not there.
  const withoutFilter = detail(await greyLevels(unfiltered!));
  const sharpCover = detail(await greyLevels(clear!));
  const similarity = correlation(withoutFilter, sharpCover);
  console.log(`detail correlation, unfiltered step 1 vs clear cover: ${similarity.toFixed(3)}`);
  expect(similarity).toBeLessThan(0.3);
});
