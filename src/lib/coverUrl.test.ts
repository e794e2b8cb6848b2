// A round's cover comes from the deployment's HTTP actions: its site URL as the Convex CLI gives
// it to the build, so that a custom domain works; guessed from the deployment's URL without one.
import { expect, test, vi } from "vitest";
import { coverUrl } from "./coverUrl";

const COVER = "/cover/abc123/2";

function build(env: { VITE_CONVEX_URL?: string; VITE_CONVEX_SITE_URL?: string }) {
  vi.stubEnv("VITE_CONVEX_URL", env.VITE_CONVEX_URL);
  vi.stubEnv("VITE_CONVEX_SITE_URL", env.VITE_CONVEX_SITE_URL);
}

test("with VITE_CONVEX_SITE_URL, covers come from it, a custom domain included", () => {
  build({
    VITE_CONVEX_URL: "https://api.anime-guess.example",
    VITE_CONVEX_SITE_URL: "https://actions.anime-guess.example/",
  });
  expect(coverUrl(COVER)).toBe(`https://actions.anime-guess.example${COVER}`);

  build({
    VITE_CONVEX_URL: "https://happy-otter-123.convex.cloud",
    VITE_CONVEX_SITE_URL: "https://happy-otter-123.convex.site",
  });
  expect(coverUrl(COVER)).toBe(`https://happy-otter-123.convex.site${COVER}`);
});

test("without it, the site host is guessed from a Convex host or a local backend's port", () => {
  build({ VITE_CONVEX_URL: "https://happy-otter-123.convex.cloud" });
  expect(coverUrl(COVER)).toBe(`https://happy-otter-123.convex.site${COVER}`);

  build({ VITE_CONVEX_URL: "http://127.0.0.1:3210" });
  expect(coverUrl(COVER)).toBe(`http://127.0.0.1:3211${COVER}`);
});

test("with no deployment at all, the path is left relative", () => {
  build({});
  expect(coverUrl(COVER)).toBe(COVER);
});
