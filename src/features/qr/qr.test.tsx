import { screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { renderSignedIn } from "@testing/client/render";

// The page, its download and what the code scans to are checked in the browser
// (tests/e2e/community.spec.ts); here the build setting a browser test cannot change.
test("/qr points to VITE_PUBLIC_URL when the build sets it", async () => {
  // jsdom draws nothing on a canvas.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  vi.stubEnv("VITE_PUBLIC_URL", "https://anime-guess.example");
  await renderSignedIn("/qr");
  expect(
    await screen.findByRole("img", { name: "QR code for https://anime-guess.example" }),
  ).toBeInTheDocument();
});
