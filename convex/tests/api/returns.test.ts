import { describe, expect, test } from "vitest";
import { registeredFunctions } from "../../../testing/convex/backend";

/**
 * Made by Convex Auth's `convexAuth()`, which gives its functions no `returns` validator; ours
 * all declare one, so that what reaches a client (or the scheduler) is checked like what comes in.
 */
const madeByConvexAuth = ["auth:signIn", "auth:signOut", "auth:store"];

const registered = await registeredFunctions();

describe("returns validators", () => {
  test("the modules register public and internal functions alike", () => {
    expect(registered.filter((fn) => fn.isPublic).length).toBeGreaterThan(10);
    expect(registered.filter((fn) => !fn.isPublic).length).toBeGreaterThan(10);
  });

  test("every function, public and internal, declares what it returns: only Convex Auth's do not", () => {
    const without = registered.filter((fn) => fn.returns === null).map((fn) => fn.name);
    expect(without).toEqual(madeByConvexAuth);
  });
});
