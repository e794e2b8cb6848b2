import path from "node:path";
import madge from "madge";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/**
 * No import cycles in the app or the backend: each file's runtime imports form a tree, so a
 * module never sees another half-initialised and the layers stay one-way. (`import type` is left
 * out: it vanishes from the build.) madge reads the imports, with the tsconfig's paths.
 */
test("the app and the backend import without cycles", async () => {
  const graph = await madge([path.join(root, "src"), path.join(root, "convex")], {
    baseDir: root,
    fileExtensions: ["ts", "tsx"],
    tsConfig: path.join(root, "tsconfig.test.json"),
    excludeRegExp: [/_generated/, /\.test\.tsx?$/],
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  expect(graph.circular()).toEqual([]);
  // The graph is the real one: the game screen reaches the backend's rules through "@convex/…".
  expect(graph.obj()["src/features/game/GameScreen.tsx"]).toContain("convex/model/rules.ts");
}, 60_000);
