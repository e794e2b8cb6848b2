#!/usr/bin/env node
// Fails when a production build carries the e2e test backend or the test client:
// they must exist only in `vite build --mode e2e`. Usage: node scripts/check-production-build.mjs [dir]
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const dir = process.argv[2] ?? "dist";
const markers = [
  "__convex_test",
  "convex-test",
  "ConvexTestClient",
  "e2e-signed-in",
  "fake-timers",
  // The offline preview's banner (testing/e2e/browserClient.ts).
  "lost on restart",
];

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(js|mjs|html|css|map)$/.test(entry.name)) yield full;
  }
}

const found = [];
for await (const file of files(dir)) {
  const text = await readFile(file, "utf8");
  for (const marker of markers) if (text.includes(marker)) found.push(`${file}: ${marker}`);
}

if (found.length > 0) {
  console.error(`Test-only code found in the ${dir} build:\n  ${found.join("\n  ")}`);
  process.exit(1);
}
console.log(`No test-only code in ${dir}/ (checked for ${markers.join(", ")}).`);
