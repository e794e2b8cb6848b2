import path from "node:path";
import madge from "madge";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/**
 * No import cycles in the app or the backend, counting `import type`: each file's imports form a
 * tree, so a module never sees another half-initialised, the layers stay one-way, and a file can
 * be read without first reading the files that read it. madge reads the imports, with the
 * tsconfig's paths.
 */
test("the app, the backend and the test harness import without cycles", async () => {
  // madge's TypeScript reader uses a property typescript-estree marks deprecated on `import("…")`
  // types; the warning says nothing about this project.
  const noDeprecation = process.noDeprecation;
  process.noDeprecation = true;
  const graph = await madge(
    ["src", "convex", "testing"].map((dir) => path.join(root, dir)),
    {
      baseDir: root,
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "tsconfig.test.json"),
      excludeRegExp: [/_generated/, /\.test\.tsx?$/],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    },
  ).finally(() => {
    process.noDeprecation = noDeprecation;
  });
  expect(graph.circular()).toEqual([]);
  // The graph is the real one: the round's card reaches the backend's rules through "@convex/…".
  expect(graph.obj()["src/components/game/SoloRoundCard.tsx"]).toContain(
    "convex/model/shared/rules.ts",
  );
}, 60_000);
