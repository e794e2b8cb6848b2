import type { Locator, Page } from "@playwright/test";
import { expect, newPlayer, SCREENS_DIR, test } from "../../testing/e2e/fixtures";

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not rendered");
  return box;
}

async function openFeedback(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Send beta feedback" }).click();
  const dialog = page.getByRole("dialog", { name: "Beta Feedback" });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]) {
  test(`at ${viewport.width}x${viewport.height}, a toast never covers a dialog's buttons`, async ({
    page,
    backend,
  }) => {
    await page.setViewportSize(viewport);
    const player = await backend.signIn(page, newPlayer("tester"));
    await backend.makeBetaTester(player.email);
    await page.goto("/");

    await (await openFeedback(page)).getByRole("button", { name: "Submit Feedback" }).click();
    await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();

    // A second one at once is refused: the toast says so while the dialog stays open.
    const dialog = await openFeedback(page);
    const submit = dialog.getByRole("button", { name: "Submit Feedback" });
    await submit.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Please wait" });
    await expect(toast).toBeVisible();
    await page.waitForTimeout(500); // the toast's entry animation
    const toastBox = await boxOf(toast);
    for (const button of [submit, dialog.getByRole("button", { name: "Cancel" })]) {
      await button.scrollIntoViewIfNeeded();
      expect(overlaps(toastBox, await boxOf(button)), (await button.textContent()) ?? "").toBe(
        false,
      );
    }
    expect(overlaps(toastBox, await boxOf(dialog.getByRole("button", { name: "Close" })))).toBe(
      false,
    );
    await page.screenshot({
      path: `${SCREENS_DIR}/toast-over-dialog-${viewport.width}.png`,
    });
  });
}
