import { readdirSync } from "node:fs";
import path from "node:path";
import tseslint from "typescript-eslint";

/**
 * The client's layers, as bulletproof-react draws them: `src/app` composes features; a feature
 * (`src/features/<name>`) imports only itself and the shared layers (`src/components`,
 * `src/lib`, `src/hooks`); the shared layers import no feature and not the app, nor does the boot
 * (`src/boot`, what runs before React and the app's end of what it hands over). ESLint enforces
 * it, so the boundaries hold without anyone remembering them.
 */
const featureMessage =
  "A feature imports only itself and the shared layers (src/components, src/lib, src/hooks); " +
  "put what two features share in a shared layer, or compose them in src/app.";
const sharedMessage =
  "The shared layers (src/components, src/lib, src/hooks) and the boot (src/boot) import no " +
  "feature and not the app: " +
  "pass what they need in, or move the code to src/app.";

/**
 * The feature folders under `root`/src/features.
 * @param {string} root
 * @returns {string[]}
 */
export function featureNames(root) {
  return readdirSync(path.join(root, "src/features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The backend's model is the server's: the client imports from it only types, and values only
 * from its `shared/` folder (rules, error codes and messages), so no server code reaches the
 * bundle by accident.
 */
const modelMessage =
  "The client imports values from the backend's model only from convex/model/shared: use " +
  "`import type` for the rest, or move a value both sides need into shared/.";

const MODEL_PATTERN = { regex: "^@convex/model/(?!shared/)" };

/** The test harness (testing/) is for tests: the app's code never imports it. */
const TESTING_PATTERN = {
  regex: "^(@testing/|(\\.\\./)+testing/)",
  message:
    "The app imports nothing from testing/: only tests do (the e2e build's client comes in " +
    "by import() in src/main.tsx, in e2e mode only).",
};

/** An esquery selector for `import("…")` of a path `regex` matches (a slash written \x2F). */
function dynamicImport(regex) {
  return `ImportExpression[source.value=/${regex}/]`;
}

/**
 * Flat-config objects that forbid imports across the layers, static or dynamic (`import()`): one
 * per feature and folder depth, one for the shared layers, one for the rest of the client.
 * @param {string[]} features
 * @returns {import("eslint").Linter.Config[]}
 */
export function layerBoundaries(features) {
  const notTests = ["**/*.test.{ts,tsx}"];
  const modelImport = {
    selector: dynamicImport("^@convex\\x2Fmodel\\x2F(?!shared\\x2F)"),
    message: modelMessage,
  };
  // No value from the model outside shared/, in the whole client but its tests and test client.
  const model = {
    files: ["src/**/*.{ts,tsx}"],
    ignores: notTests,
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { ...MODEL_PATTERN, allowTypeImports: true, message: modelMessage },
            TESTING_PATTERN,
          ],
        },
      ],
      "no-restricted-syntax": ["error", modelImport],
    },
  };
  const perFeature = features.flatMap((feature) => {
    const aliasImports = {
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      // A feature's tests may render the whole app around it.
      ignores: notTests,
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
                message: featureMessage,
              },
              { group: ["@/app", "@/app/**"], message: featureMessage },
            ],
          },
        ],
      },
    };
    // One config per depth, since "../x" leaves the feature from its top level, "../../x" from
    // one folder deeper. (A slash inside an esquery regex ends it: \x2F stands for "/".)
    const dynamicAlias = `^@\\x2F(app(\\x2F|$)|features\\x2F(?!${feature}(\\x2F|$)))`;
    const syntax = [1, 2, 3, 4].map((depth) => {
      const escape = `^(\\.\\.\\x2F){${depth}}`;
      const source = `source.value=/${escape}/`;
      return {
        files: [`src/features/${feature}/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
        ignores: notTests,
        rules: {
          "no-restricted-syntax": [
            "error",
            {
              selector: `ImportDeclaration[${source}], ExportNamedDeclaration[${source}], ExportAllDeclaration[${source}], ${dynamicImport(escape)}`,
              message: featureMessage,
            },
            { selector: dynamicImport(dynamicAlias), message: featureMessage },
            modelImport,
          ],
        },
      };
    });
    return [aliasImports, ...syntax];
  });
  const sharedLayers = [
    "src/components/**/*.{ts,tsx}",
    "src/lib/**/*.{ts,tsx}",
    "src/hooks/**/*.{ts,tsx}",
    "src/boot/**/*.{ts,tsx}",
  ];
  const shared = {
    files: sharedLayers,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/features", "@/features/**", "@/app", "@/app/**"], message: sharedMessage },
          ],
        },
      ],
    },
  };
  const sharedDynamic = {
    files: sharedLayers,
    ignores: notTests,
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: dynamicImport("^@\\x2F(app|features)(\\x2F|$)"), message: sharedMessage },
        modelImport,
      ],
    },
  };
  return [model, ...perFeature, shared, sharedDynamic];
}

/**
 * The backend's model folders that stand under others: the round (`convex/model/round/`, what
 * both solo modes share: judging a guess on a round, its history, its outcomes, what a player has
 * seen and may be dealt) is what `game/` and `daily/` stand on, so it imports neither; if a piece
 * of it needs one of theirs, that piece is the round's too.
 */
const roundMessage =
  "convex/model/round/ is what both solo modes (game/, daily/) stand on: it imports neither. " +
  "Move what the round needs into round/ (or shared/).";

/**
 * Flat-config objects for the backend's model folders (static imports; the model has no import()).
 * @returns {import("eslint").Linter.Config[]}
 */
export function modelBoundaries() {
  return [
    {
      files: ["convex/model/round/**/*.ts"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                regex: "^(\\.\\./|.*/model/)(game|daily)(/|$)",
                message: roundMessage,
              },
            ],
          },
        ],
      },
    },
  ];
}
