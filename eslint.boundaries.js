import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The client's layers, as bulletproof-react draws them: `src/app` composes features; a feature
 * (`src/features/<name>`) imports only itself and the shared layers (`src/components`,
 * `src/lib`, `src/hooks`); the shared layers import no feature and not the app. ESLint enforces
 * it, so the boundaries hold without anyone remembering them.
 */
const featureMessage =
  "A feature imports only itself and the shared layers (src/components, src/lib, src/hooks); " +
  "put what two features share in a shared layer, or compose them in src/app.";
const sharedMessage =
  "The shared layers (src/components, src/lib, src/hooks) import no feature and not the app: " +
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
 * Flat-config objects that forbid imports across the layers (one per feature, one shared).
 * @param {string[]} features
 * @returns {import("eslint").Linter.Config[]}
 */
export function layerBoundaries(features) {
  const perFeature = features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    // A feature's tests may render the whole app around it.
    ignores: ["**/*.test.{ts,tsx}"],
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
  }));
  // Relative paths out of the feature folder: "../x" from its top level, "../../x" one deeper.
  const relativeEscapes = [
    // (A slash inside an esquery regex ends it: \x2F stands for "/".)
    { files: ["src/features/*/*.{ts,tsx}"], regex: "^(\\.\\.\\x2F){1}" },
    { files: ["src/features/*/*/*.{ts,tsx}"], regex: "^(\\.\\.\\x2F){2}" },
    { files: ["src/features/*/*/*/*.{ts,tsx}"], regex: "^(\\.\\.\\x2F){3}" },
  ].map(({ files, regex }) => ({
    files,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: `ImportDeclaration[source.value=/${regex}/], ExportNamedDeclaration[source.value=/${regex}/], ExportAllDeclaration[source.value=/${regex}/], ImportExpression[source.value=/${regex}/]`,
          message: featureMessage,
        },
      ],
    },
  }));
  const shared = {
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}", "src/hooks/**/*.{ts,tsx}"],
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
  return [...perFeature, ...relativeEscapes, shared];
}
