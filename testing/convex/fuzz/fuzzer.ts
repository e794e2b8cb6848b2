/** Runs generated calls one after the other on one backend, checking each as it goes. */
import { makeFunctionReference } from "convex/server";
import fc from "fast-check";
import { vi } from "vitest";
import { errorCodeOf } from "../../../convex/model/shared/errors";
import type { PublicFunctionName, RegisteredFunction } from "../backend";
import type { FunctionKind } from "../modules";
import type { Role } from "../../world";
import { type Accessor, type Caller, type World, newWorld, resolve, SEED } from "./world";
import { type Snapshot, type CallRecord, snapshot } from "./calls";
import { specs } from "./specs";
import { expectExpectedRefusal, checkInvariants, checkLinkSecrets } from "./invariants";

export async function callFunction(
  caller: Accessor,
  name: string,
  kind: FunctionKind,
  args: unknown,
): Promise<unknown> {
  const loose = args as Record<string, unknown>;
  if (kind === "query") {
    return (await caller.query(makeFunctionReference<"query">(name), loose)) as unknown;
  }
  if (kind === "mutation") {
    return (await caller.mutation(makeFunctionReference<"mutation">(name), loose)) as unknown;
  }
  return (await caller.action(makeFunctionReference<"action">(name), loose)) as unknown;
}

/** `caller` with a new session of theirs, as after signing in again. */
async function signedInAgain(t: World["t"], caller: Caller): Promise<Caller> {
  const userId = caller.userId!;
  const sessionId = await t.run(
    async (ctx) =>
      await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 }),
  );
  const identity = { subject: `${userId}|${sessionId}`, issuer: process.env.CONVEX_SITE_URL };
  return { ...caller, sessionId, as: t.withIdentity(identity) };
}

/** Runs generated calls one after the other on one backend, checking each as it goes. */
export class Fuzzer {
  /** Outcomes per function: how many calls succeeded, and how the others were refused. */
  readonly outcomes = new Map<string, Record<string, number>>();
  private current: Snapshot | null = null;

  constructor(public world: World) {}

  async call(fn: RegisteredFunction, role: Role, generated: unknown, jump: number) {
    const { t } = this.world;
    if (jump > 0 || this.current === null) {
      vi.advanceTimersByTime(jump);
      await t.finishInProgressScheduledFunctions();
      this.current = await snapshot(t);
    }
    const spec = specs[fn.name as PublicFunctionName];
    const caller = this.world.callers[role];
    const args = await resolve(generated, this.world, caller);
    // A value that wrote to the database (an operator's new claim code) is part of the state before.
    if (this.world.wrote) {
      this.world.wrote = false;
      this.current = await snapshot(t);
    }
    const before = this.current;
    const outcome = await callFunction(caller.as, fn.name, fn.kind, args).then(
      (result) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const after = await snapshot(t);
    this.current = after;
    const call: CallRecord = {
      name: fn.name,
      kind: fn.kind,
      caller,
      args,
      world: this.world,
      before,
      after,
    };
    if (outcome.ok) spec.succeeded(outcome.result, call);
    else expectExpectedRefusal(spec, call, outcome.error);
    checkLinkSecrets(call, outcome.ok ? outcome.result : outcome.error);
    if (
      caller.sessionId !== null &&
      !after.sessions.some((session) => session._id === caller.sessionId) &&
      after.users.some((user) => user._id === caller.userId)
    ) {
      // The call ended the caller's session (a sign-out; a sign-in, which replaces the session
      // it is made from): the player signs in again, as the client would carry on with a new
      // session. A caller whose session ended is refused everything else, which would leave the
      // rest of an interleaved run without them.
      this.world.callers[role] = await signedInAgain(t, caller);
      this.current = await snapshot(t);
    }
    if (outcome.ok && spec.endsWorld) {
      // The invariants forbid a deleted account and the documents its later steps remove.
      this.world = await (spec.world ?? newWorld)();
      this.current = null;
    } else {
      checkInvariants(call, !outcome.ok);
    }

    const kind = (result: unknown) =>
      typeof result !== "object" || result === null
        ? ""
        : "kind" in result
          ? ` ${String(result.kind)}`
          : "reason" in result
            ? ` ${String(result.reason)}`
            : "";
    const label = outcome.ok
      ? `ok${kind(outcome.result)}`
      : (errorCodeOf(outcome.error) ?? "refused");
    const tally = this.outcomes.get(fn.name) ?? {};
    tally[label] = (tally[label] ?? 0) + 1;
    this.outcomes.set(fn.name, tally);
  }

  successes(name: string): number {
    return Object.entries(this.outcomes.get(name) ?? {})
      .filter(([label]) => label.startsWith("ok"))
      .reduce((sum, [, count]) => sum + count, 0);
  }

  report() {
    if (process.env.FUZZ_VERBOSE) console.info(Object.fromEntries(this.outcomes));
  }
}

export function runOptions(numRuns: number, defaultSeed?: number): fc.Parameters<unknown> {
  const seed = SEED ?? defaultSeed;
  return {
    numRuns,
    // The backend's state carries over from call to call, so a shrunk call would be
    // replayed on another state: report the call that failed, as it was.
    endOnFailure: true,
    ...(seed === undefined ? {} : { seed }),
  };
}
