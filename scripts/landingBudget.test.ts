import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { LANDING_CEILING_GZIP_BYTES } from "./landingBudget.mjs";

const script = path.join(import.meta.dirname, "report-bundle.mjs");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A built site whose landing page loads one script of `bytes` random (incompressible) bytes:
 * started from index.html's inline code, whose addresses come from its boot data (as the
 * prerendered page does, scripts/prerender), or by a plain script tag.
 */
function distWithEntryOf(bytes: number, startedBy: "bootData" | "tag" = "bootData"): string {
  const dir = mkdtempSync(path.join(tmpdir(), "landing-budget-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "index.js"), randomBytes(bytes));
  const script =
    startedBy === "tag"
      ? '<script type="module" src="/assets/index.js"></script>'
      : '<script type="application/json" id="boot-data">' +
        '{"entry":"/assets/index.js","entryImports":[]}</script><script>/* starts it */</script>';
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head></head><body><div id="root"></div>${script}</body></html>`,
  );
  return dir;
}

const report = (dist: string) => spawnSync(process.execPath, [script, dist], { encoding: "utf8" });

test("the build's check passes a landing page within 140 kB gzip", () => {
  expect(LANDING_CEILING_GZIP_BYTES).toBe(140_000);
  const result = report(distWithEntryOf(LANDING_CEILING_GZIP_BYTES - 2_000));
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/Landing page initial JS \+ CSS: 13\d\.\d kB gzip/);
});

test.each(["bootData", "tag"] as const)(
  "the build fails when the landing page's initial JS + CSS passes 140 kB gzip (%s)",
  (startedBy) => {
    const result = report(distWithEntryOf(LANDING_CEILING_GZIP_BYTES + 1_000, startedBy));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("grew past 140.0 kB gzip");
  },
);

test("the build fails when the report finds no script for the landing page", () => {
  const dist = distWithEntryOf(1_000);
  writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
  const result = report(dist);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("No script found for the landing page");
});
