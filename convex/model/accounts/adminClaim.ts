import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  CLAIM_CODE_VALID_MS,
  CLAIM_FAILURE_WINDOW_MS,
  CLAIM_LOCK_MS,
  CLAIM_MAX_FAILURES,
  groupClaimCode,
} from "../shared/claimRules";
import { afterWrongCode, lockedUntil, type WrongCodeLimit } from "../shared/wrongCodes";
import type { Profile } from "./users";

/*
 * Why a per-player limit is enough against many accounts: a code is 60 random
 * bits and lives 15 minutes. Even a million accounts, each allowed 5 wrong
 * codes an hour, try 1.25 million codes in a code's lifetime: a chance of about
 * one in 10^12 of hitting it (the arithmetic with today's rules in shared/claimRules.ts). Sign-up's cost makes such an army unlikely anyway.
 */

/** Why a claim did not make the caller admin: each one an error code with its message. */
export const claimRefusal = v.union(
  v.literal("CLAIM_CODE_MISSING"),
  v.literal("CLAIM_CODE_WRONG"),
  v.literal("CLAIM_CODE_USED"),
  v.literal("CLAIM_CODE_EXPIRED"),
  v.literal("CLAIM_LOCKED"),
);
export type ClaimRefusal = Infer<typeof claimRefusal>;

/**
 * What /make-admin gets back. A refusal is a result, not a thrown error: a
 * mutation that throws rolls back its writes, and a wrong code must still be
 * counted. `retryAt` comes with CLAIM_LOCKED.
 */
export const claimResult = v.union(
  v.object({ ok: v.literal(true) }),
  v.object({ ok: v.literal(false), reason: claimRefusal, retryAt: v.optional(v.number()) }),
);
export type ClaimResult = Infer<typeof claimResult>;

/** A new code from crypto-random bytes: 32 letters, so `byte & 31` picks each without bias. */
export function newClaimCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CLAIM_CODE_LENGTH));
  return groupClaimCode([...bytes].map((byte) => CLAIM_CODE_ALPHABET[byte & 31]).join(""));
}

/** The code as typed, without case, spaces or dashes ("abcd efgh-jklm" → "ABCDEFGHJKLM"). */
export function normalizeClaimCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

/** Hex SHA-256 of the normalised code: all the database ever holds of it. */
export async function hashClaimCode(normalized: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normalized));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new code for the operator who asked for it, and when it expires (ISO 8601). */
export const newClaimCodeValidator = v.object({ code: v.string(), expiresAt: v.string() });

/** Stores a new code's hash and returns the code, which is never stored. */
export async function createClaimCode(
  ctx: MutationCtx,
  now: number,
): Promise<Infer<typeof newClaimCodeValidator>> {
  const code = newClaimCode();
  const expiresAt = now + CLAIM_CODE_VALID_MS;
  await ctx.db.insert("adminClaimCodes", {
    codeHash: await hashClaimCode(normalizeClaimCode(code)),
    createdAt: now,
    expiresAt,
  });
  return { code, expiresAt: new Date(expiresAt).toISOString() };
}

async function attemptsOf(ctx: MutationCtx, userId: Id<"users">) {
  return await ctx.db
    .query("adminClaimAttempts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

const CLAIM_CODES: WrongCodeLimit = {
  maxFailures: CLAIM_MAX_FAILURES,
  windowMs: CLAIM_FAILURE_WINDOW_MS,
  lockMs: CLAIM_LOCK_MS,
};

/** Counts a wrong code; the limit's last one locks the player out. */
async function recordFailure(
  ctx: MutationCtx,
  userId: Id<"users">,
  attempts: Doc<"adminClaimAttempts"> | null,
  now: number,
): Promise<number | undefined> {
  const { failures, lockedUntil: until } = afterWrongCode(CLAIM_CODES, attempts, now);
  // Forgotten (by cleanupClaims) once neither the lock nor any failure counts any more.
  const fields = { failures, lockedUntil: until, forgetAt: until ?? now + CLAIM_FAILURE_WINDOW_MS };
  if (attempts === null) await ctx.db.insert("adminClaimAttempts", { userId, ...fields });
  else await ctx.db.patch("adminClaimAttempts", attempts._id, fields);
  return until;
}

/** Longer than any code, however it is spaced: refused before hashing a megabyte. */
const MAX_TYPED_LENGTH = 64;

/**
 * Makes the caller admin if `typed` is a code that is neither used nor
 * expired, and spends it. Reads the caller's attempts and at most one code.
 */
export async function claimAdmin(
  ctx: MutationCtx,
  profile: Profile,
  typed: string,
  now: number,
): Promise<ClaimResult> {
  if (typed.trim() === "") return { ok: false, reason: "CLAIM_CODE_MISSING" };
  // An admin keeps the role; the code stays for whoever it was meant for.
  if (profile.isAdmin) return { ok: true };
  const attempts = await attemptsOf(ctx, profile._id);
  const locked = lockedUntil(attempts, now);
  if (locked !== null) return { ok: false, reason: "CLAIM_LOCKED", retryAt: locked };
  const normalized = typed.length > MAX_TYPED_LENGTH ? "" : normalizeClaimCode(typed);
  const codeHash = normalized.length === CLAIM_CODE_LENGTH ? await hashClaimCode(normalized) : null;
  const code =
    codeHash === null
      ? null
      : await ctx.db
          .query("adminClaimCodes")
          .withIndex("by_codeHash", (q) => q.eq("codeHash", codeHash))
          .first();
  const refusal: ClaimRefusal | null =
    code === null
      ? "CLAIM_CODE_WRONG"
      : code.usedBy !== undefined
        ? "CLAIM_CODE_USED"
        : code.expiresAt <= now
          ? "CLAIM_CODE_EXPIRED"
          : null;
  if (refusal !== null) {
    // Every refused code counts: a used or expired one is no better a guess.
    // The limit's last wrong code says so at once, rather than on the next try.
    const until = await recordFailure(ctx, profile._id, attempts, now);
    return until === undefined
      ? { ok: false, reason: refusal }
      : { ok: false, reason: "CLAIM_LOCKED", retryAt: until };
  }
  await ctx.db.patch("adminClaimCodes", code!._id, { usedAt: now, usedBy: profile._id });
  await ctx.db.patch("users", profile._id, { isAdmin: true });
  if (attempts !== null) await ctx.db.delete("adminClaimAttempts", attempts._id);
  return { ok: true };
}

/** Expired codes are kept a day, so that someone late with one reads "expired", not "wrong". */
export const EXPIRED_CODE_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes up to `limit` codes a day past their expiry (used or not) and up to
 * `limit` forgotten attempts; `more` when a batch was full.
 */
export async function cleanupClaims(ctx: MutationCtx, now: number, limit: number) {
  const codes = await ctx.db
    .query("adminClaimCodes")
    .withIndex("by_expiresAt", (q) => q.lt("expiresAt", now - EXPIRED_CODE_KEPT_MS))
    .take(limit);
  const attempts = await ctx.db
    .query("adminClaimAttempts")
    .withIndex("by_forgetAt", (q) => q.lt("forgetAt", now))
    .take(limit);
  for (const code of codes) await ctx.db.delete("adminClaimCodes", code._id);
  for (const attempt of attempts) await ctx.db.delete("adminClaimAttempts", attempt._id);
  return {
    deleted: codes.length + attempts.length,
    more: codes.length === limit || attempts.length === limit,
  };
}
