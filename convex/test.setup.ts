/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import schema from "./schema";

/** Every Convex module, for convex-test (tests and declaration files excluded). */
export const modules = import.meta.glob([
  "./**/*.ts",
  "./**/*.js",
  "!./**/*.test.ts",
  "!./**/*.d.ts",
  "!./test.setup.ts",
]);

export function newBackend() {
  return convexTest(schema, modules);
}
