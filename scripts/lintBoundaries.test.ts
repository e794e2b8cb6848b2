import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, test } from "vitest";
import { featureNames, layerBoundaries, modelBoundaries } from "../eslint.boundaries.js";

const root = path.resolve(import.meta.dirname, "..");

/** ESLint with only the layer rules (no type information needed), as eslint.config.js adds them. */
const boundaries = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } },
    ...layerBoundaries(featureNames(root)),
    ...modelBoundaries(),
  ],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await boundaries.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const lazyModel = 'export const load = () => import("@convex/model/game/play");';

describe("the layer boundaries", () => {
  test("lint fails on a feature importing another feature, by alias or by relative path", async () => {
    expect(
      await problems("src/features/game/Probe.tsx", 'import { X } from "@/features/stats/X";'),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*A feature imports only itself/)]);
    expect(
      await problems("src/features/game/Probe.tsx", 'import { X } from "../stats/X";'),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: A feature imports only itself/)]);
    expect(
      await problems("src/features/game/deep/Probe.tsx", 'export { X } from "../../rooms/X";'),
    ).toHaveLength(1);
    expect(
      await problems("src/features/game/Probe.tsx", 'import { routes } from "@/app/routes";'),
    ).toHaveLength(1);
  });

  test("lint fails on a dynamic import() across the layers, by alias or by relative path", async () => {
    const lazy = (path: string) => `export const load = () => import("${path}");`;
    expect(await problems("src/features/game/Probe.tsx", lazy("@/features/stats/X"))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A feature imports only itself/),
    ]);
    expect(await problems("src/features/game/Probe.tsx", lazy("../stats/X"))).toHaveLength(1);
    expect(
      await problems("src/features/game/a/b/Probe.tsx", lazy("../../../rooms/X")),
    ).toHaveLength(1);
    expect(await problems("src/features/game/Probe.tsx", lazy("@/app/routes"))).toHaveLength(1);
    expect(await problems("src/lib/probe.ts", lazy("@/features/game/X"))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: The shared layers/),
    ]);
    // Its own files, the shared layers, and (for the app) any feature stay allowed.
    expect(await problems("src/features/game/Probe.tsx", lazy("./X"))).toEqual([]);
    expect(await problems("src/features/game/Probe.tsx", lazy("@/features/game/X"))).toEqual([]);
    expect(await problems("src/features/game/Probe.tsx", lazy("@/lib/X"))).toEqual([]);
    expect(await problems("src/app/routes.tsx", lazy("@/features/game/X"))).toEqual([]);
  });

  test("the client imports only types from the backend's model, values only from shared/", async () => {
    const modelProblem: unknown = expect.stringMatching(
      /imports values from the backend.s model only/,
    );
    for (const file of [
      "src/features/game/Probe.tsx",
      "src/lib/probe.ts",
      "src/app/Probe.tsx",
      "src/main.tsx",
    ]) {
      expect(
        await problems(file, 'import { submitGuess } from "@convex/model/game/play";'),
        file,
      ).toEqual([modelProblem]);
      expect(await problems(file, lazyModel), file).toEqual([modelProblem]);
      expect(
        await problems(file, 'import type { GameView } from "@convex/model/game/view";'),
        file,
      ).toEqual([]);
      expect(
        await problems(file, 'import { type GameView } from "@convex/model/game/view";'),
        file,
      ).toEqual([]);
      expect(
        await problems(file, 'import { MAX_GUESS_LENGTH } from "@convex/model/shared/rules";'),
        file,
      ).toEqual([]);
    }
    // Tests and the test harness run the backend themselves.
    expect(
      await problems(
        "testing/client/probe.ts",
        'import { addPoints } from "@convex/model/boards/board";',
      ),
    ).toEqual([]);
  });

  test("the app imports nothing from the test harness; its tests may", async () => {
    const harnessProblem: unknown = expect.stringMatching(/imports nothing from testing/);
    for (const [file, code] of [
      ["src/features/game/Probe.tsx", 'import { seedAnime } from "@testing/world";'],
      ["src/lib/probe.ts", 'import type { World } from "../../testing/world";'],
    ]) {
      expect(await problems(file, code), file).toEqual([harnessProblem]);
    }
    expect(
      await problems(
        "src/features/game/Probe.test.tsx",
        'import { seedAnime } from "@testing/world";',
      ),
    ).toEqual([]);
  });

  test("a feature may import itself and the shared layers", async () => {
    const code = [
      'import { A } from "@/features/game/A";',
      'import { B } from "./B";',
      'import { C } from "@/components/ui/button";',
      'import { D } from "@/lib/auth/viewer";',
      'import { E } from "@convex/model/shared/rules";',
    ].join("\n");
    expect(await problems("src/features/game/Probe.tsx", code)).toEqual([]);
    expect(await problems("src/features/game/deep/Probe.tsx", 'import { F } from "../F";')).toEqual(
      [],
    );
  });

  test("the shared layers and the boot import no feature and not the app", async () => {
    for (const file of [
      "src/components/Probe.tsx",
      "src/lib/probe.ts",
      "src/hooks/useProbe.ts",
      "src/boot/probe.ts",
    ]) {
      expect(await problems(file, 'import { X } from "@/features/game/X";')).toHaveLength(1);
      expect(await problems(file, 'import { Y } from "@/app/layout/TopBar";')).toHaveLength(1);
    }
  });

  test("the round imports neither solo mode: game/ and daily/ stand on it", async () => {
    const roundProblem: unknown = expect.stringMatching(
      /^no-restricted-imports: .*convex\/model\/round\/ is what both solo modes/,
    );
    for (const code of [
      'import { gameOf } from "../game/state";',
      'import type { DailyView } from "../daily/view";',
      'import { puzzleOf } from "../../model/daily/puzzle";',
    ]) {
      expect(await problems("convex/model/round/probe.ts", code), code).toEqual([roundProblem]);
    }
    // What the round stands on, and the modes standing on it, stay allowed.
    for (const [file, code] of [
      ["convex/model/round/probe.ts", 'import { judgeGuess } from "../judge/verdict";'],
      ["convex/model/round/probe.ts", 'import { withGuess } from "./history";'],
      ["convex/model/game/probe.ts", 'import { withGuess } from "../round/history";'],
      ["convex/model/daily/probe.ts", 'import { markSeen } from "../round/seen";'],
    ]) {
      expect(await problems(file, code), code).toEqual([]);
    }
  });

  test("eslint.config.js applies them to every feature", async () => {
    const eslint = new ESLint({ cwd: root });
    for (const feature of featureNames(root)) {
      const config = (await eslint.calculateConfigForFile(
        path.join(root, `src/features/${feature}/Probe.tsx`),
      )) as { rules: Record<string, unknown> };
      expect(config.rules["no-restricted-imports"], feature).toBeDefined();
    }
    const round = (await eslint.calculateConfigForFile(
      path.join(root, "convex/model/round/probe.ts"),
    )) as { rules: Record<string, unknown> };
    expect(round.rules["no-restricted-imports"]).toBeDefined();
  });
});
