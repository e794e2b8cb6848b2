/**
 * Fuzzing every public function through convex-test (fast-check).
 *
 * Each function gets a few hundred generated calls, from visitors, players,
 * beta testers and admins, one after the other against one backend whose
 * state carries over (with the clock jumping ahead now and then, which runs
 * the scheduled cooldown ends and midnight resets). The arguments are derived
 * from the function's own validator, so a new function is fuzzed as soon as it
 * is registered: well-typed values that are hostile (empty, 1 MiB, lone
 * surrogates, RTL and zero-width marks, NUL, emoji, markup; negative,
 * fractional, NaN and ±Infinity numbers; ids of other tables), values of the
 * wrong type, and missing and extra fields. A few realistic values (the round
 * being played, its answer, an issued cursor, an existing account) are mixed
 * in so that calls also get past the checks and change the game.
 *
 * Every call must either succeed as the function promises or be refused with
 * an argument-validation error or one of our coded errors that the caller's
 * role can meet; and after every call the database must still satisfy the
 * invariants in `checkInvariants`.
 *
 * The harness is in testing/convex/fuzz/: the world the calls run in (world.ts), the values they
 * send (arbitraries.ts), what each function may do (specs.ts, roomSpecs.ts) and what must hold
 * after every call (invariants.ts).
 *
 * More runs, or a failure's seed: FUZZ_RUNS=2000 FUZZ_SEED=123 npx vitest run convex/tests/api/fuzz.test.ts
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { PublicFunctionName } from "../../../testing/convex/backend";
import { registeredFunctions } from "../../../testing/convex/backend";
import { argumentsFor, clockJump } from "../../../testing/convex/fuzz/arbitraries";
import { Fuzzer, runOptions } from "../../../testing/convex/fuzz/fuzzer";
import { specs } from "../../../testing/convex/fuzz/specs";
import { newWorld, RUNS } from "../../../testing/convex/fuzz/world";
import { ROLES, type Role } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const registered = await registeredFunctions();
const publicFunctions = registered.filter((fn) => fn.isPublic);

fakeClockEachTest();

beforeEach(() => {
  // Convex Auth logs every sign-in attempt and refusal: thousands of lines here.
  for (const level of ["log", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation(() => {});
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The interleaved run checks that its calls reached a cooldown, a rare state (a few in a run), so
 * it plays a fixed sequence unless FUZZ_SEED asks for another. Guesses are a fixed share of its
 * calls whatever the number of public functions, so a new function no longer makes a cooldown
 * rarer: every seed from 3 to 12 reaches one (with fixed weights, and 4 functions more, only 8 did).
 */
const INTERLEAVED_SEED = 3;

describe("fuzzing", () => {
  test("every public function has a spec", () => {
    expect(Object.keys(specs).sort()).toEqual(publicFunctions.map((fn) => fn.name));
  });

  test.each(publicFunctions.map((fn) => [fn.name, fn] as const))(
    "%s: generated calls succeed or are refused as expected, and the invariants hold",
    async (name, fn) => {
      const spec = specs[name as PublicFunctionName];
      const fuzzer = new Fuzzer(await (spec.world ?? newWorld)());
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          argumentsFor(fn.args, spec),
          spec.clock ?? clockJump,
          async (role, generated, jump) => await fuzzer.call(fn, role, generated, jump),
        ),
        runOptions(spec.runs ?? RUNS),
      );
      fuzzer.report();
      // The generated calls got past the checks, not only into refusals.
      expect(fuzzer.successes(name)).toBeGreaterThan(0);
    },
    120_000,
  );

  test("all of them interleaved, with the game played most: cooldowns, resets and scores hold", async () => {
    const fuzzer = new Fuzzer(await newWorld({ withAccount: true }));
    const interleaved = publicFunctions.filter(
      (fn) => specs[fn.name as PublicFunctionName].endsWorld !== true,
    );
    // Guesses a fixed share of the calls (about half, and a skip for every three), however many
    // public functions there are: with fixed weights each new function made a cooldown rarer.
    const others = interleaved.length - 2;
    const calls = fc.oneof(
      ...interleaved.map((fn) => {
        const spec = specs[fn.name as PublicFunctionName];
        return {
          weight: fn.name === "game:guess" ? others : fn.name === "game:next" ? others / 3 : 1,
          arbitrary: fc.tuple(fc.constant(fn), argumentsFor(fn.args, spec, 60)),
        };
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        // Mostly one player, and the clock rarely jumping: enough guesses in a day for a cooldown.
        fc.constantFrom<Role>(
          "player",
          "player",
          "player",
          "player",
          "betaTester",
          "admin",
          "visitor",
        ),
        calls,
        fc.oneof({ weight: 80, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: clockJump }),
        async (role, [fn, generated], jump) => await fuzzer.call(fn, role, generated, jump),
      ),
      runOptions(RUNS * 3, INTERLEAVED_SEED),
    );
    fuzzer.report();
    const guesses = fuzzer.outcomes.get("game:guess") ?? {};
    for (const kind of ["correct", "wrong", "cooldown"]) {
      expect(guesses[`ok ${kind}`] ?? 0, `no guess was ${kind}`).toBeGreaterThan(0);
    }
  }, 120_000);
});
