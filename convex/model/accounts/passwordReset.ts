import { Email } from "@convex-dev/auth/providers/Email";
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
 * Where reset codes go: Resend when the deployment sets AUTH_RESEND_KEY (the one variable a real
 * deployment needs), the server's console when AUTH_RESET_CODES_TO_LOG is "true" (the offline
 * preview and the browser tests' server, which have no mail), otherwise nowhere: reset is off.
 */
export function resetSender(): "resend" | "log" | null {
  if (env.AUTH_RESEND_KEY) return "resend";
  if (env.AUTH_RESET_CODES_TO_LOG === "true") return "log";
  return null;
}

/** `length` random digits from the platform's CSPRNG (2^32 is so large that `% 10` is fair). */
function randomDigits(length: number): string {
  const values = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(values, (value) => String(value % 10)).join("");
}

async function sendWithResend(to: string, code: string) {
  const resend = new Resend(env.AUTH_RESEND_KEY);
  const { error } = await resend.emails.send({
    // Resend's shared test sender until the deployment names its own verified one.
    from: env.AUTH_EMAIL_FROM ?? "Anime Guess <onboarding@resend.dev>",
    to: [to],
    subject: "Your Anime Guess password reset code",
    text:
      `Your password reset code is ${code}. It works for ${RESET_CODE_VALID_MINUTES} minutes.\n\n` +
      "If you did not ask to reset your password, ignore this email: your password stays as it is.",
  });
  // Resend's message may quote the key's problems; the player only needs to know it failed.
  if (error) throw new Error(`Resend refused the reset email: ${error.name}`);
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
    if (sender === "resend") await sendWithResend(identifier, token);
    else if (sender === "log") console.log(`${RESET_CODE_LOG_PREFIX} ${identifier}: ${token}`);
    else throw new Error("Password reset has no sender: set AUTH_RESEND_KEY");
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

/**
 * Counts a code about to be sent to `email`'s account: its id, or null when there is no such
 * account or it had RESET_CODES_PER_HOUR codes within the hour (then nothing is sent, and the
 * player is told the same as always, so the answer never says whether the address has one).
 */
export async function takeResetCode(
  ctx: MutationCtx,
  email: string,
): Promise<Id<"authAccounts"> | null> {
  const account = await passwordAccountOf(ctx, email);
  if (account === null) return null;
  const user = await ctx.db.get("users", account.userId);
  if (user === null) return null;
  const now = Date.now();
  const recent = (user.resetCodesSentAt ?? []).filter((sentAt) => now - sentAt < HOUR_MS);
  if (recent.length >= RESET_CODES_PER_HOUR) return null;
  await ctx.db.patch("users", user._id, { resetCodesSentAt: [...recent, now] });
  return account._id;
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
