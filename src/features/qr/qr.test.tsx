import { screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { ann } from "@testing/world";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";

// jsdom draws nothing on a canvas: the drawing itself is checked in the browser test.
function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,UVI=");
}

describe("/qr", () => {
  test("shows the code of the game's address and downloads it as anime-guess-qr.png", async () => {
    stubCanvas();
    const app = renderApp("/");
    await logInAsNewPlayer(app, ann);
    await app.user.click(await screen.findByRole("link", { name: "Share with a QR code" }));

    expect(
      await screen.findByRole("heading", { name: "Scan to Play Anime Guess" }),
    ).toBeInTheDocument();
    const code = screen.getByRole("img", { name: `QR code for ${window.location.origin}` });
    expect(code.tagName).toBe("CANVAS");
    expect(
      screen.getByText("Share this QR code with friends to let them easily access the game!"),
    ).toBeInTheDocument();

    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ href: this.href, download: this.download });
    });
    await app.user.click(screen.getByRole("button", { name: "Download QR Code" }));
    expect(downloads).toEqual([
      { href: "data:image/png;base64,UVI=", download: "anime-guess-qr.png" },
    ]);
  });

  test("points to VITE_PUBLIC_URL when the build sets it", async () => {
    stubCanvas();
    vi.stubEnv("VITE_PUBLIC_URL", "https://anime-guess.example");
    const app = renderApp("/");
    await logInAsNewPlayer(app, ann);
    await app.user.click(await screen.findByRole("link", { name: "Share with a QR code" }));
    expect(
      await screen.findByRole("img", { name: "QR code for https://anime-guess.example" }),
    ).toBeInTheDocument();
  });

  test("asks a visitor to log in", async () => {
    renderApp("/qr");
    expect(await screen.findByRole("dialog", { name: "Welcome Back!" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download QR Code" })).toBeNull();
  });
});
