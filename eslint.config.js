import convexPlugin from "@convex-dev/eslint-plugin";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { reactRefresh } from "eslint-plugin-react-refresh";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";
import { featureNames, layerBoundaries, modelBoundaries } from "./eslint.boundaries.js";

export default defineConfig(
  globalIgnores([
    "dist",
    "dist-e2e",
    "convex/_generated",
    "node_modules",
    "test-results",
    "playwright-report",
    "artifacts",
    "bench-results",
    "coverage",
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // scripts/ and the root config files belong to tsconfig.node.json (allowJs, unchecked);
        // anything else outside every tsconfig gets a default program.
        projectService: {
          allowDefaultProject: ["*.js", "*.mjs"],
          defaultProject: "tsconfig.node.json",
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },

  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, reactRefresh.configs.vite()],
    languageOptions: { globals: globals.browser },
  },
  // Features import only themselves and the shared layers; shared layers import no feature.
  ...layerBoundaries(featureNames(import.meta.dirname)),
  // The backend's round stands under both solo modes (game/, daily/) and imports neither.
  ...modelBoundaries(),
  {
    // shadcn/ui components export their variant helpers beside the component.
    files: ["src/components/ui/**/*.tsx"],
    rules: { "react-refresh/only-export-components": "off" },
  },
  {
    files: ["testing/**", "**/*.test.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: [
      "convex/**/*.ts",
      "tests/**/*.{ts,mjs}",
      "testing/**/*.mjs",
      "scripts/**",
      "*.{js,mjs,ts}",
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Plain JavaScript has no annotations, so every parameter is `any`: the no-unsafe-* rules
    // would flag each use. The other type-aware rules (floating promises and so on) still apply.
    files: ["**/*.{js,mjs,cjs}"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },

  convexPlugin.configs.recommended,
  {
    files: ["convex/**/*.ts"],
    rules: {
      "@convex-dev/no-collect-in-query": "error",
      "@convex-dev/no-filter-in-query": "error",
      // The clock is read as Date.now(), which the authorization audit watches for in queries
      // (convex/tests/api/authorization.test.ts): a query must take the time as an argument.
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the clock with Date.now() (mutations and actions only), never new Date().",
        },
      ],
    },
  },
  {
    // Tests and their harness run in Node under vitest, not in the Convex runtime.
    files: ["convex/**/*.test.ts", "testing/**"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
);
