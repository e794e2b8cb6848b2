import { createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { convexTest, type TestConvex } from "convex-test";
import { makeFunctionReference, type UserIdentity } from "convex/server";
import { ConvexError, convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import schema from "../../convex/schema";
import { foldTallies } from "../../convex/model/tallies/fold";
import {
  moduleNamed,
  modules,
  tokenClaims,
  type FunctionKind,
  type TokenClaims,
} from "../convex/modules";
import type { Caller, World } from "../world";
import type { CallResult, TestBackend } from "./wire";

export type ConvexTestInstance = TestConvex<typeof schema>;
type RunCtx = Parameters<Parameters<ConvexTestInstance["run"]>[0]>[0];

/**
 * Checks a Convex Auth JWT as a deployment would: signed with the key in JWKS
 * and not expired. Returns its claims, or null for anything else.
 */
export function verifyToken(token: string, now = Date.now()): TokenClaims | null {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature || !process.env.JWKS) return null;
  const { keys } = JSON.parse(process.env.JWKS) as { keys: JsonWebKey[] };
  const key = createPublicKey({ key: keys[0], format: "jwk" });
  const valid = verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${payload}`),
    key,
    Buffer.from(signature, "base64url"),
  );
  if (!valid) return null;
  const claims = tokenClaims(token);
  return claims.exp * 1000 > now ? claims : null;
}

export type InProcessBackendOptions = {
  /**
   * Production deployments replace the message of any error that is not a
   * ConvexError with "Server Error"; on by default so tests prove that what a
   * user must read travels as a ConvexError.
   */
  redactPlainErrors?: boolean;
};

/**
 * A convex-test backend in this process, behind the `TestBackend` contract the
 * client speaks, and a `World` the tests seed and act on. Scheduled functions
 * run on convex-test's timers (fake ones when the test installs them); after
 * each one finishes, and after every change a test makes, listeners hear of it.
 * The fold runs before they do: the shared figures (ranks, day counters) a deployment's fold
 * updates within a couple of seconds are up to date at once here, without a job every second
 * waking every page (the chain's own timing is tested in convex/tests/tallies/fold.test.ts).
 */
export class InProcessBackend implements TestBackend, World {
  readonly t: ConvexTestInstance;
  readonly query: Caller["query"];
  readonly mutation: Caller["mutation"];
  readonly action: Caller["action"];
  private readonly listeners = new Set<() => void>();
  private readonly armedJobs = new Set<string>();
  private readonly redactPlainErrors: boolean;

  constructor(
    options: InProcessBackendOptions = {},
    t = convexTest({ schema, modules, transactionLimits: true }),
  ) {
    this.t = t;
    this.redactPlainErrors = options.redactPlainErrors ?? true;
    ({ query: this.query, mutation: this.mutation, action: this.action } = this.caller(t));
  }

  /** Calls functions as `identity`, as another device of that player would. */
  withIdentity(identity: Partial<UserIdentity>): Caller {
    return this.caller(this.t.withIdentity(identity));
  }

  /** `inner`'s calls, each change they make told to the listeners. */
  private caller(inner: Caller): Caller {
    const changing = async <T>(result: Promise<T>): Promise<T> => {
      try {
        return await result;
      } finally {
        await this.settle();
      }
    };
    return {
      query: (fn, ...args) => inner.query(fn, ...args),
      mutation: (fn, ...args) => changing(inner.mutation(fn, ...args)),
      action: (fn, ...args) => changing(inner.action(fn, ...args)),
    };
  }

  async call(
    kind: FunctionKind,
    path: string,
    args: JSONValue,
    token: string | null,
  ): Promise<CallResult> {
    if (!(await this.isPublic(path))) {
      return { status: "error", errorMessage: `Could not find public function for '${path}'` };
    }
    const claims = token === null ? null : verifyToken(token);
    const caller =
      claims === null ? this.t : this.t.withIdentity({ subject: claims.sub, issuer: claims.iss });
    const convexArgs = jsonToConvex(args) as Record<string, never>;
    try {
      const value: unknown =
        kind === "query"
          ? await caller.query(makeFunctionReference<"query">(path), convexArgs)
          : kind === "mutation"
            ? await caller.mutation(makeFunctionReference<"mutation">(path), convexArgs)
            : await caller.action(makeFunctionReference<"action">(path), convexArgs);
      return { status: "success", value: convexToJson(value as never) };
    } catch (error) {
      return this.toErrorResult(error);
    } finally {
      if (kind !== "query") await this.settle();
    }
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `fn` with direct database access, then tells listeners (for seeding and server-side changes). */
  async run<Output>(fn: (ctx: RunCtx) => Promise<Output>): Promise<Output> {
    const result = await this.t.run(fn);
    await this.settle();
    return result;
  }

  /** Clients reach only public functions, as on a deployment. */
  private async isPublic(path: string): Promise<boolean> {
    const [modulePath, exportName = "default"] = path.split(":");
    const load = moduleNamed(modulePath);
    if (load === undefined) return false;
    const fn = ((await load()) as Record<string, { isPublic?: boolean } | undefined>)[exportName];
    return fn?.isPublic === true;
  }

  private toErrorResult(error: unknown): CallResult {
    if (error instanceof ConvexError) {
      return {
        status: "error",
        errorMessage: error.message,
        errorData: convexToJson(error.data as never),
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { status: "error", errorMessage: this.redactPlainErrors ? "Server Error" : message };
  }

  /** After a change: the fold, the jobs it scheduled armed, and the listeners told. */
  private async settle(): Promise<void> {
    for (;;) {
      const { more } = await this.t.run(
        async (ctx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
      );
      if (!more) break;
    }
    await this.armScheduledFunctions();
    this.emitChange();
  }

  private emitChange(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * convex-test starts each scheduled function with a timer of its own; ours,
   * set for the same moment, waits for it to finish and then reports the
   * change, which is when a live query would update on a real deployment.
   */
  private async armScheduledFunctions(): Promise<void> {
    const pending = await this.t.run((ctx) =>
      ctx.db.system
        .query("_scheduled_functions")
        .order("desc")
        .take(100)
        .then((jobs) => jobs.filter((job) => job.state.kind === "pending")),
    );
    for (const job of pending) {
      if (this.armedJobs.has(job._id)) continue;
      this.armedJobs.add(job._id);
      setTimeout(
        () => {
          void this.t.finishInProgressScheduledFunctions().then(async () => {
            this.armedJobs.delete(job._id);
            await this.settle();
          });
        },
        Math.max(0, job.scheduledTime - Date.now()),
      );
    }
  }
}
