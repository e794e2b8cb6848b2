import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * One name per mode: /game is the Challenge and /daily the Daily. "Daily" once named both, and
 * "main" was a third name for the first, so a newcomer could not tell them apart without opening
 * code. The retired names are caught with any spacing or a hyphen, across a line break too; they
 * are built from parts so that this file does not hold them itself.
 */
const RETIRED_NAMES = new RegExp(`\\b(?:${["daily", "main"].join("|")})[\\s-]+game\\b`, "gi");

const root = path.resolve(import.meta.dirname, "..");
/** What the vocabulary covers: the README and every folder a reader or a test opens. */
const SCANNED = ["README.md", "docs", "src", "convex", "scripts", "tests", "testing"];
/** The text files among them (the rest is images and fonts). */
const TEXT = /\.(?:ts|tsx|mjs|js|json|md|txt|css|html)$/;
/** Folders of installed or generated output, not the repo's text. */
const SKIPPED = new Set(["node_modules", "dist", "test-results", "playwright-report", "coverage"]);

/** Every text file under `entry` (a file or a folder), relative to the root. */
function textFiles(entry: string): string[] {
  const entries = readdirSync(path.join(root, entry), { withFileTypes: true, recursive: true });
  return entries
    .filter((file) => file.isFile() && TEXT.test(file.name))
    .map((file) => path.relative(root, path.join(file.parentPath, file.name)))
    .filter((file) => !file.split(path.sep).some((part) => SKIPPED.has(part)));
}

function scannedFiles(): string[] {
  return SCANNED.flatMap((entry) => (TEXT.test(entry) ? [entry] : textFiles(entry)));
}

test("no text of the repo gives /game a retired name: it is the Challenge", () => {
  const files = scannedFiles();
  // The walk reached the places the old names were in, so an empty list below means something.
  expect(files).toEqual(
    expect.arrayContaining([
      "README.md",
      path.join("docs", "game-rules.md"),
      path.join("convex", "model", "shared", "rules.ts"),
      path.join("src", "features", "daily", "DailyHowTo.tsx"),
      path.join("tests", "e2e", "landing.spec.ts"),
      path.join("testing", "convex", "fuzz", "dailySpecs.ts"),
      path.join("scripts", "bench", "scaleRooms.ts"),
    ]),
  );
  const found = files.flatMap((file) =>
    [...readFileSync(path.join(root, file), "utf8").matchAll(RETIRED_NAMES)].map(
      (match) => `${file}: ${match[0].replace(/\s+/g, " ")}`,
    ),
  );
  expect(found).toEqual([]);
});
