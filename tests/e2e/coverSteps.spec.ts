import type { Page } from "@playwright/test";
import { delayCovers, expect, test } from "../../testing/e2e/fixtures";
import { openGame } from "./gameScreen";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

const cover = (page: Page) => page.getByTestId("cover");

/**
 * Samples the cover box on every frame from now on: its size and position, and whether some image
 * in it covers it fully (loaded, opaque). Read back with `framesOf`.
 */
async function watchCover(page: Page) {
  await cover(page).evaluate((box) => {
    type Frame = { covered: boolean; rect: string; steps: string[] };
    const frames: Frame[] = [];
    (window as unknown as { coverFrames: Frame[] }).coverFrames = frames;
    const sample = () => {
      const images = Array.from(box.querySelectorAll("img"));
      const covered = images.some(
        (image) =>
          image.complete && image.naturalWidth > 0 && getComputedStyle(image).opacity === "1",
      );
      const { x, y, width, height } = box.getBoundingClientRect();
      frames.push({
        covered,
        rect: [x, y, width, height].map(Math.round).join(","),
        steps: images.map((image) => image.src.split("/").pop()!),
      });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

async function framesOf(page: Page) {
  return await page.evaluate(
    () =>
      (
        window as unknown as {
          coverFrames: { covered: boolean; rect: string; steps: string[] }[];
        }
      ).coverFrames,
  );
}

test("a wrong guess swaps to the next step without a flash or a shift, fading over the last one", async ({
  page,
  backend,
}) => {
  await openGame(page, backend, 4);
  await expect
    .poll(() =>
      cover(page)
        .getByRole("img")
        .evaluate((image: HTMLImageElement) => image.complete && getComputedStyle(image).opacity),
    )
    .toBe("1");
  // The next step takes a while to arrive: the old one must stay on screen meanwhile.
  await delayCovers(page, 800);
  await watchCover(page);

  await page.getByRole("combobox", { name: "Your guess" }).fill(WRONG_GUESS);
  await page.getByRole("combobox", { name: "Your guess" }).press("Enter");
  await expect(cover(page).getByRole("img")).toHaveAttribute("src", /\/1$/);
  await expect
    .poll(() =>
      cover(page)
        .getByRole("img")
        .evaluate((image: HTMLImageElement) => getComputedStyle(image).opacity),
    )
    .toBe("1");

  const frames = await framesOf(page);
  expect(frames.length).toBeGreaterThan(10);
  // Every frame, an image covered the box: the placeholder colour never showed through.
  expect(frames.filter((frame) => !frame.covered)).toEqual([]);
  // The box never moved or changed size.
  expect(new Set(frames.map((frame) => frame.rect)).size).toBe(1);
  // While the new step faded in, the old one was beneath it.
  expect(frames.some((frame) => frame.steps.join(" ") === "0 1")).toBe(true);
});
