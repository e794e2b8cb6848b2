// index.html opens the connection to the Convex deployment before any script runs; the /game boot
// script learns the covers' host from the build.
import { expect, test } from "vitest";
import { convexOrigins, preconnectLink } from "./preconnect";

test("a deployment on Convex's hosts: its API preconnected anonymously, as the boot's fetch", () => {
  const origins = convexOrigins("https://happy-otter-123.convex.cloud", undefined);
  expect(origins).toEqual({
    deployment: "https://happy-otter-123.convex.cloud",
    site: "https://happy-otter-123.convex.site",
  });
  expect(preconnectLink(origins!)).toBe(
    '<link rel="preconnect" href="https://happy-otter-123.convex.cloud" crossorigin>',
  );
});

test("a custom domain: the site host is the one VITE_CONVEX_SITE_URL names", () => {
  expect(
    convexOrigins("https://api.anime-guess.example/", "https://actions.anime-guess.example"),
  ).toEqual({
    deployment: "https://api.anime-guess.example",
    site: "https://actions.anime-guess.example",
  });
});

test("a deployment on the page's own origin (the e2e build), or none: no preconnect", () => {
  expect(convexOrigins("/__convex_test", "https://ignored.example")).toBeNull();
  expect(convexOrigins("", undefined)).toBeNull();
});
