import { Email } from "@convex-dev/auth/providers/Email";
import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { Resend } from "resend";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import type { Id } from "../../_generated/dataModel";
import { PASSWORD_PROVIDER } from "../shared/accounts";
import {
  RESET_CODE_LENGTH,
  RESET_CODE_VALID_MINUTES,
  RESET_CODES_PER_HOUR,
} from "../shared/accountRules";

/** The id of the e-mail provider that sends reset codes (`authVerificationCodes.provider`). */
export const RESET_PROVIDER = "password-reset";

/** What the log sender prints before the address and the code (the e2e server reads it back). */
export const RESET_CODE_LOG_PREFIX = "Password reset code for";

const HOUR_MS = 60 * 60 * 1000;

/**
 * What keeps a deployment from e-mailing codes, for its operator; null when nothing does.
 * Resend's shared sender delivers only to the Resend account's own address, so a key without
 * AUTH_EMAIL_FROM (a sender on a domain verified at Resend) would "send" every player's code
 * nowhere; and Convex Auth builds each code's link from SITE_URL before it sends anything.
 * `npm run deploy` checks the same before it deploys (scripts/deploy).
 */
export function resetSetupProblem(): string | null {
  if (!env.AUTH_RESEND_KEY && env.AUTH_RESET_CODES_TO_LOG !== "true") {
    return "Password reset is off: set AUTH_RESEND_KEY and AUTH_EMAIL_FROM";
  }
  if (env.AUTH_RESEND_KEY && !env.AUTH_EMAIL_FROM) {
    return (
      "Password reset is off: AUTH_RESEND_KEY is set without AUTH_EMAIL_FROM. Resend's shared " +
      "sender delivers only to the Resend account's owner: verify a domain at Resend and set " +
      'AUTH_EMAIL_FROM, e.g. "Anime Guess <no-reply@your-domain>"'
    );
  }
  if (!env.SITE_URL) return "Password reset is off: SITE_URL is not set (Convex Auth needs it)";
  return null;
}

/**
 * Where reset codes go: Resend when the deployment sets AUTH_RESEND_KEY and AUTH_EMAIL_FROM, the
 * server's console when AUTH_RESET_CODES_TO_LOG is "true" (the offline preview and the browser
 * tests' server, which have no mail), otherwise nowhere: reset is off (resetSetupProblem says why).
 */
export function resetSender(): "resend" | "log" | null {
  if (resetSetupProblem() !== null) return null;
  return env.AUTH_RESEND_KEY ? "resend" : "log";
}

/**
 * A code that could not be sent: it carries the code, so that the request can take it back
 * (it is stored before the send, and it replaced the one the player may have in their inbox).
 */
export class ResetCodeNotSent extends Error {
  constructor(
    readonly code: string,
    cause: string,
  ) {
    super(`The reset code could not be sent: ${cause}`);
  }
}

/** `length` random digits from the platform's CSPRNG (2^32 is so large that `% 10` is fair). */
function randomDigits(length: number): string {
  const values = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(values, (value) => String(value % 10)).join("");
}

async function sendWithResend(to: string, code: string) {
  const resend = new Resend(env.AUTH_RESEND_KEY);
  const { error } = await resend.emails.send({
    from: env.AUTH_EMAIL_FROM!,
    to: [to],
    subject: "Your Anime Guess password reset code",
    text:
      `Your password reset code is ${code}. It works for ${RESET_CODE_VALID_MINUTES} minutes.\n\n` +
      "If you did not ask to reset your password, ignore this email: your password stays as it is.",
  });
  // Resend's message says what to fix (an unverified domain, a bad key): for the operator's log.
  if (error) throw new ResetCodeNotSent(code, `Resend refused it: ${error.name}: ${error.message}`);
}

/**
 * Convex Auth's e-mail provider for reset codes, as its Password provider's `reset` option takes
 * one: Convex Auth stores the code's hash, lets it work once, until it expires, and counts wrong
 * codes per address. Registered as an extra provider of the password provider (convex/auth.ts),
 * so no client can sign in with it directly.
 */
export const passwordResetEmail = Email({
  id: RESET_PROVIDER,
  maxAge: RESET_CODE_VALID_MINUTES * 60,
  generateVerificationToken: () => Promise.resolve(randomDigits(RESET_CODE_LENGTH)),
  sendVerificationRequest: async ({ identifier, token }) => {
    const sender = resetSender();
    if (sender === "resend") {
      await sendWithResend(identifier, token).catch((error: unknown) => {
        throw error instanceof ResetCodeNotSent
          ? error
          : new ResetCodeNotSent(token, String(error));
      });
    } else if (sender === "log") console.log(`${RESET_CODE_LOG_PREFIX} ${identifier}: ${token}`);
    else throw new ResetCodeNotSent(token, resetSetupProblem() ?? "no sender");
  },
});

export async function passwordAccountOf(ctx: QueryCtx, email: string) {
  return await ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) =>
      q.eq("provider", PASSWORD_PROVIDER).eq("providerAccountId", email),
    )
    .unique();
}

/** A code the account holds already: put back if the one replacing it cannot be sent. */
export const heldCodeFields = {
  provider: v.string(),
  code: v.string(),
  expirationTime: v.number(),
  verifier: v.optional(v.string()),
  emailVerified: v.optional(v.string()),
  phoneVerified: v.optional(v.string()),
};

/** A code reserved for sending: one of the account's RESET_CODES_PER_HOUR until it is returned. */
export const reservedCodeValidator = v.object({
  accountId: v.id("authAccounts"),
  reservedAt: v.number(),
  held: nullable(v.object(heldCodeFields)),
});
export type ReservedCode = Infer<typeof reservedCodeValidator>;

/**
 * Reserves a code about to be sent to `email`'s account, or null when there is no such account
 * or it had RESET_CODES_PER_HOUR codes within the hour (then nothing is sent, and the player is
 * told the same as always, so the answer never says whether the address has one). Reserved
 * before the send, so that two requests at once cannot both take the last one; a send that
 * fails returns it (`returnResetCode`): a code counts only once it was sent.
 */
export async function takeResetCode(ctx: MutationCtx, email: string): Promise<ReservedCode | null> {
  const account = await passwordAccountOf(ctx, email);
  if (account === null) return null;
  const user = await ctx.db.get("users", account.userId);
  if (user === null) return null;
  const now = Date.now();
  const recent = (user.resetCodesSentAt ?? []).filter((sentAt) => now - sentAt < HOUR_MS);
  if (recent.length >= RESET_CODES_PER_HOUR) return null;
  await ctx.db.patch("users", user._id, { resetCodesSentAt: [...recent, now] });
  const held = await heldCodeOf(ctx, account._id);
  return {
    accountId: account._id,
    reservedAt: now,
    held:
      held === null
        ? null
        : {
            provider: held.provider,
            code: held.code,
            expirationTime: held.expirationTime,
            ...(held.verifier === undefined ? {} : { verifier: held.verifier }),
            ...(held.emailVerified === undefined ? {} : { emailVerified: held.emailVerified }),
            ...(held.phoneVerified === undefined ? {} : { phoneVerified: held.phoneVerified }),
          },
  };
}

async function heldCodeOf(ctx: QueryCtx, accountId: Id<"authAccounts">) {
  return await ctx.db
    .query("authVerificationCodes")
    .withIndex("accountId", (q) => q.eq("accountId", accountId))
    .unique();
}

/** Convex Auth stores a code as its SHA-256, in lower-case hex. */
async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A reserved code that could not be sent: the reservation no longer counts toward the hour's
 * codes, the unsent code is deleted, and the code the account held before (the one in the
 * player's inbox, still valid) is put back, unless another request has stored a code since.
 */
export async function returnResetCode(
  ctx: MutationCtx,
  reserved: ReservedCode,
  unsentCode: string,
): Promise<void> {
  const account = await ctx.db.get("authAccounts", reserved.accountId);
  if (account === null) return;
  const user = await ctx.db.get("users", account.userId);
  if (user !== null) {
    const sentAt = user.resetCodesSentAt ?? [];
    const at = sentAt.indexOf(reserved.reservedAt);
    if (at !== -1) {
      await ctx.db.patch("users", user._id, {
        resetCodesSentAt: sentAt.filter((_, i) => i !== at),
      });
    }
  }
  const hash = await codeHash(unsentCode);
  const unsent = await ctx.db
    .query("authVerificationCodes")
    .withIndex("code", (q) => q.eq("code", hash))
    .unique();
  if (unsent !== null && unsent.accountId === account._id) {
    await ctx.db.delete("authVerificationCodes", unsent._id);
  }
  const { held } = reserved;
  if (held === null || held.expirationTime <= Date.now()) return;
  if ((await heldCodeOf(ctx, account._id)) !== null) return;
  await ctx.db.insert("authVerificationCodes", { accountId: account._id, ...held });
}

/**
 * Convex Auth's limit on wrong codes and passwords per address (its default, 10 an hour,
 * refilled evenly): whether `email` has none left, so the dialog can say so instead of calling a
 * right code wrong. Convex Auth refuses the code either way.
 */
export const FAILED_ATTEMPTS_PER_HOUR = 10;

export async function isLockedOut(ctx: QueryCtx, email: string, now: number): Promise<boolean> {
  const limit = await ctx.db
    .query("authRateLimits")
    .withIndex("identifier", (q) => q.eq("identifier", email))
    .unique();
  if (limit === null) return false;
  const refilled = ((now - limit.lastAttemptTime) * FAILED_ATTEMPTS_PER_HOUR) / HOUR_MS;
  return limit.attemptsLeft + refilled < 1;
}
