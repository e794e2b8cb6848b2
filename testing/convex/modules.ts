/// <reference types="vite/client" />
/**
 * What every test backend shares, with no test runner in it (the e2e server loads it too):
 * the Convex modules, the kinds of function, and the claims of a Convex Auth token.
 */

/**
 * Every Convex module as a deployment loads them. Like Convex's bundler, it skips files with
 * more than one dot (tests, declarations).
 */
export const modules = import.meta.glob([
  "../../convex/**/*.ts",
  "../../convex/**/*.js",
  "!../../convex/**/*.*.ts",
  "!../../convex/**/*.*.js",
]);

/** The loader of module `name` ("game", "model/game/state"), as `modules` holds it. */
export function moduleNamed(name: string): (() => Promise<unknown>) | undefined {
  return modules[`../../convex/${name}.ts`] ?? modules[`../../convex/${name}.js`];
}

/** A module's name as function paths spell it: "../../convex/game.ts" is "game". */
export function moduleName(path: string): string {
  return path.replace(/^\.\.\/\.\.\/convex\//, "").replace(/\.[jt]s$/, "");
}

export type FunctionKind = "query" | "mutation" | "action";

export type TokenClaims = { sub: string; iss: string; exp: number };

/** The claims of a Convex Auth JWT (unchecked: verifying it is the backend's job). */
export function tokenClaims(token: string): TokenClaims {
  const payload = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as TokenClaims;
}

/** The identity a deployment derives from a Convex Auth JWT: `sub` is "userId|sessionId". */
export function identityFromToken(token: string) {
  const { sub, iss } = tokenClaims(token);
  return { subject: sub, issuer: iss };
}
