import path from "node:path";
import madge from "madge";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The fold is the one place two model folders lean on each other: a player's move puts down a
 * tally (`boards/`, `daily/` → `tallies/record.ts`), and the fold, the one writer of the shared
 * figures, adds tallies up into the boards' rank statistics and the Dailies' results
 * (`tallies/fold.ts` → `boards/rank.ts`, `daily/results.ts`). docs/architecture.md says why.
 */
const FOLD_PAIRS = ["boards ↔ tallies", "daily ↔ tallies"];

/** The model folder a file of convex/model/ sits in ("game" for convex/model/game/play.ts). */
function modelFolder(file: string): string | undefined {
  return /^convex\/model\/([^/]+)\//.exec(file)?.[1];
}

/**
 * The model's folders stand on each other one way: `game/` and `daily/` on `round/`, everything
 * on `shared/`. A pair that imports each other both ways is one idea in two places (or a third
 * folder waiting to be drawn out), so only the fold's pairs may. Counts `import type`, as the
 * cycle test does: a type is a reason to read the other folder too.
 */
test("no two model folders import each other both ways, but the fold's", async () => {
  const noDeprecation = process.noDeprecation;
  process.noDeprecation = true;
  const graph = await madge(path.join(root, "convex/model"), {
    baseDir: root,
    fileExtensions: ["ts"],
    tsConfig: path.join(root, "tsconfig.test.json"),
    excludeRegExp: [/\.test\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: false } },
  }).finally(() => {
    process.noDeprecation = noDeprecation;
  });
  const imports = new Set<string>();
  for (const [file, dependencies] of Object.entries(graph.obj())) {
    const from = modelFolder(file);
    for (const dependency of dependencies) {
      const to = modelFolder(dependency);
      if (from !== undefined && to !== undefined && from !== to) imports.add(`${from} → ${to}`);
    }
  }
  const bothWays = [...imports]
    .map((edge) => edge.split(" → "))
    .filter(([from, to]) => from < to && imports.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`)
    .sort();
  expect(bothWays).toEqual(FOLD_PAIRS);
  // The graph is the real one: the Daily stands on the round.
  expect(imports).toContain("daily → round");
}, 60_000);
