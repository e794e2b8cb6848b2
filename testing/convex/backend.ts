import { convexTest } from "convex-test";
import type { FunctionReference } from "convex/server";
import { ConvexError, type ValidatorJSON } from "convex/values";
import { expect } from "vitest";
import type { api } from "../../convex/_generated/api";
import type { ErrorCode } from "../../convex/model/shared/errors";
import schema from "../../convex/schema";
import { deal, seedAnime, signedInAs } from "../world";
import { moduleName, modules, type FunctionKind } from "./modules";

/** convex-test running the project's schema and functions: the backend tests' world. */
export type TestConvex = ReturnType<typeof newBackend>;

export function newBackend() {
  const t = convexTest({ schema, modules, transactionLimits: true });
  retryFileStoresOutsideTransaction();
  return t;
}

type ConvexSyscalls = {
  jsSyscall: (op: string, args: Record<string, unknown>) => Promise<unknown>;
  retriesFileStores?: true;
};

/**
 * convex-test stores an action's file inside whatever transaction is open when it starts, even
 * another function's; when that one commits first (two cover workers, one storing while the
 * other's mutation runs), the store fails with "Write outside of transaction" having written
 * nothing. A deployment has no such race: the store is tried again, in its own transaction once
 * none is open. (convex-test sets up `Convex` once, on the first backend.)
 */
function retryFileStoresOutsideTransaction() {
  const holder = globalThis as unknown as { Convex: ConvexSyscalls };
  const original = holder.Convex;
  if (original.retriesFileStores) return;
  holder.Convex = Object.defineProperties(
    { retriesFileStores: true as const },
    {
      ...Object.getOwnPropertyDescriptors(original),
      jsSyscall: {
        get() {
          const jsSyscall = original.jsSyscall;
          return async (op: string, args: Record<string, unknown>) => {
            for (let attempt = 1; ; attempt++) {
              try {
                return await jsSyscall(op, args);
              } catch (error) {
                const raced = String(error).includes("Write outside of transaction");
                if (op !== "storage/storeBlob" || !raced || attempt >= 100) throw error;
              }
            }
          };
        },
      },
    },
  ) as ConvexSyscalls;
}

/** A backend with `poolSize` anime, and a player whose game is started in `timeZone`. */
export async function playerInGame(poolSize: number, timeZone = "UTC") {
  const t = newBackend();
  await seedAnime(t, poolSize);
  const player = await signedInAs(t, "player");
  await deal(player, timeZone);
  return { t, player };
}

/** Asserts that `promise` fails with our ConvexError carrying `code`. */
export async function expectErrorCode(promise: Promise<unknown>, code: ErrorCode) {
  const error: unknown = await promise.then(
    () => new Error(`expected ${code}, but the call succeeded`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConvexError);
  expect((error as ConvexError<{ code: string }>).data.code).toBe(code);
}

/** "module:function" for every public function the generated `api` lists, e.g. "game:guess". */
export type PublicFunctionName = FunctionNamesIn<typeof api>;

type FunctionNamesIn<Tree, Module extends string = ""> = {
  [Key in keyof Tree & string]: Tree[Key] extends FunctionReference<"query" | "mutation" | "action">
    ? `${Module}:${Key}`
    : FunctionNamesIn<Tree[Key], Module extends "" ? Key : `${Module}/${Key}`>;
}[keyof Tree & string];

export type RegisteredFunction = {
  name: string;
  kind: FunctionKind;
  isPublic: boolean;
  args: ValidatorJSON;
  /** Its `returns` validator, null when it declares none. */
  returns: ValidatorJSON | null;
};

type RegisteredExport = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
  exportReturns?: () => string;
};

/**
 * Every function the Convex modules register, public and internal, read from
 * their exports as a deployment reads them (so it holds even when
 * convex/_generated is stale).
 */
export async function registeredFunctions(): Promise<RegisteredFunction[]> {
  const found: RegisteredFunction[] = [];
  for (const [path, load] of Object.entries(modules)) {
    if (path.includes("/_generated/")) continue;
    const exports = (await load()) as Record<string, RegisteredExport | null | undefined>;
    for (const [exportName, fn] of Object.entries(exports)) {
      if (typeof fn !== "object" && typeof fn !== "function") continue;
      const kind = fn?.isQuery
        ? "query"
        : fn?.isMutation
          ? "mutation"
          : fn?.isAction
            ? "action"
            : null;
      if (kind === null || fn?.exportArgs === undefined) continue;
      found.push({
        name: `${moduleName(path)}:${exportName}`,
        kind,
        isPublic: fn.isPublic === true,
        args: JSON.parse(fn.exportArgs()) as ValidatorJSON,
        returns: JSON.parse(fn.exportReturns?.() ?? "null") as ValidatorJSON | null,
      });
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : 1));
}
