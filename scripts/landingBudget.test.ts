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

/** A built site whose landing page loads one script of `bytes` random (incompressible) bytes. */
function distWithEntryOf(bytes: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "landing-budget-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "index.js"), randomBytes(bytes));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
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

test("the build fails when the landing page's initial JS + CSS passes 140 kB gzip", () => {
  const result = report(distWithEntryOf(LANDING_CEILING_GZIP_BYTES + 1_000));
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("grew past 140.0 kB gzip");
});
