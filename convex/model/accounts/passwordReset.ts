import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { Resend } from "resend";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import type { Doc, Id } from "../../_generated/dataModel";
import { resetCodeFields } from "../../schema";
import { PASSWORD_PROVIDER } from "../shared/accounts";
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_WRONG_TRIES,
  RESET_CODE_VALID_MINUTES,
  RESET_CODES_PER_HOUR,
  RESET_LINK_PATH,
  RESET_LINK_TOKEN_BYTES,
} from "../shared/accountRules";

/** What the log sender prints before the address, the code and the link (the e2e server reads them back). */
export const RESET_CODE_LOG_PREFIX = "Password reset code for";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * What keeps a deployment from e-mailing codes, for its operator; null when nothing does.
 * Resend's shared sender delivers only to the Resend account's own address, so a key without
 * AUTH_EMAIL_FROM (a sender on a domain verified at Resend) would "send" every player's code
 * nowhere; and each e-mail's link is built from SITE_URL.
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
  if (!env.SITE_URL) {
    return "Password reset is off: SITE_URL is not set (the reset e-mail's link needs it)";
  }
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

/** A reset e-mail that could not be sent: the request takes its code back (`returnResetCode`). */
export class ResetCodeNotSent extends Error {
  constructor(cause: string) {
    super(`The reset code could not be sent: ${cause}`);
  }
}

/** `length` random digits from the platform's CSPRNG (2^32 is so large that `% 10` is fair). */
function randomDigits(length: number): string {
  const values = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(values, (value) => String(value % 10)).join("");
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A secret's SHA-256, in lower-case hex: what the `resetCodes` table stores. A fast hash is
 * enough here, unlike a password's: a code is random, lives an hour and dies after
 * RESET_CODE_MAX_WRONG_TRIES wrong tries, so online guessing gets 5 tries in 10^8; and whoever
 * could read the table to guess a code offline can already write any account's sign-in
 * (the hash keeps live codes out of the dashboard, exports and backups). A link's 128-bit token
 * cannot be found from its SHA-256 at all.
 */
async function secretHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new reset e-mail's secrets: made in the action (a mutation's randomness is seeded). */
export async function newResetSecrets() {
  const code = randomDigits(RESET_CODE_LENGTH);
  const token = base64url(crypto.getRandomValues(new Uint8Array(RESET_LINK_TOKEN_BYTES)));
  return { code, token, codeHash: await secretHash(code), linkHash: await secretHash(token) };
}

/** The page a reset e-mail links to, with the address and the token filled in. */
function resetLink(email: string, token: string): string {
  const site = (env.SITE_URL ?? "").replace(/\/+$/, "");
  const query = new URLSearchParams({ email, token });
  return `${site}${RESET_LINK_PATH}?${query.toString()}`;
}

async function sendWithResend(to: string, code: string, link: string) {
  const resend = new Resend(env.AUTH_RESEND_KEY);
  const { error } = await resend.emails.send({
    from: env.AUTH_EMAIL_FROM!,
    to: [to],
    subject: "Your Anime Guess password reset code",
    text:
      `Your password reset code is ${code}. Or open this link to choose a new password:\n\n` +
      `${link}\n\nEither works once, for ${RESET_CODE_VALID_MINUTES} minutes.\n\n` +
      "If you did not ask to reset your password, ignore this email: your password stays as it is.",
  });
  // Resend's message says what to fix (an unverified domain, a bad key): for the operator's log.
  if (error) throw new ResetCodeNotSent(`Resend refused it: ${error.name}: ${error.message}`);
}

/** Sends a reset e-mail by the deployment's sender; throws ResetCodeNotSent when it cannot. */
export async function sendResetEmail(to: string, code: string, token: string): Promise<void> {
  const link = resetLink(to, token);
  const sender = resetSender();
  if (sender === "resend") {
    await sendWithResend(to, code, link).catch((error: unknown) => {
      throw error instanceof ResetCodeNotSent ? error : new ResetCodeNotSent(String(error));
    });
  } else if (sender === "log") console.log(`${RESET_CODE_LOG_PREFIX} ${to}: ${code} ${link}`);
  else throw new ResetCodeNotSent(resetSetupProblem() ?? "no sender");
}

export async function passwordAccountOf(ctx: QueryCtx, email: string) {
  return await ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) =>
      q.eq("provider", PASSWORD_PROVIDER).eq("providerAccountId", email),
    )
    .unique();
}

async function liveCodeOf(ctx: QueryCtx, accountId: Id<"authAccounts">) {
  return await ctx.db
    .query("resetCodes")
    .withIndex("by_accountId", (q) => q.eq("accountId", accountId))
    .unique();
}

const { accountId: _accountId, ...heldCodeFields } = resetCodeFields;

/** A code reserved for sending: one of the account's RESET_CODES_PER_HOUR until it is returned. */
export const reservedCodeValidator = v.object({
  accountId: v.id("authAccounts"),
  reservedAt: v.number(),
  /** The e-mail the account held before (the one in the inbox): put back if this one is not sent. */
  held: nullable(v.object(heldCodeFields)),
});
export type ReservedCode = Infer<typeof reservedCodeValidator>;

/**
 * Stores a new reset e-mail's hashes for `email`'s account, in place of the one it held, and
 * reserves one of its RESET_CODES_PER_HOUR; null when there is no such account or the hour's
 * codes are used up. Then nothing is sent and nothing changes: the newest e-mail sent, less than
 * an hour old (RESET_CODE_VALID_MINUTES), still works, and the player is told the same as always,
 * so the answer never says whether the address has an account. Reserved before the send, so
 * that two requests at once cannot both take the last one; a send that fails returns it
 * (`returnResetCode`): a code counts only once it was sent.
 */
export async function takeResetCode(
  ctx: MutationCtx,
  email: string,
  hashes: { codeHash: string; linkHash: string },
): Promise<ReservedCode | null> {
  const account = await passwordAccountOf(ctx, email);
  if (account === null) return null;
  const user = await ctx.db.get("users", account.userId);
  if (user === null) return null;
  const now = Date.now();
  const recent = (user.resetCodesSentAt ?? []).filter((sentAt) => now - sentAt < HOUR_MS);
  if (recent.length >= RESET_CODES_PER_HOUR) return null;
  await ctx.db.patch("users", user._id, { resetCodesSentAt: [...recent, now] });
  const held = await liveCodeOf(ctx, account._id);
  if (held !== null) await ctx.db.delete("resetCodes", held._id);
  await ctx.db.insert("resetCodes", {
    accountId: account._id,
    ...hashes,
    sentAt: now,
    expiresAt: now + RESET_CODE_VALID_MINUTES * MINUTE_MS,
    wrongTries: 0,
  });
  return {
    accountId: account._id,
    reservedAt: now,
    held:
      held === null
        ? null
        : {
            codeHash: held.codeHash,
            linkHash: held.linkHash,
            sentAt: held.sentAt,
            expiresAt: held.expiresAt,
            wrongTries: held.wrongTries,
          },
  };
}

/**
 * A reserved code that could not be sent: the reservation no longer counts toward the hour's
 * codes, the unsent code is deleted, and the one the account held before (the one in the
 * player's inbox, still valid) is put back, unless another request has stored a code since.
 */
export async function returnResetCode(
  ctx: MutationCtx,
  reserved: ReservedCode,
  unsentCodeHash: string,
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
  const live = await liveCodeOf(ctx, account._id);
  if (live !== null && live.codeHash !== unsentCodeHash) return; // a newer request's
  if (live !== null) await ctx.db.delete("resetCodes", live._id);
  const { held } = reserved;
  if (held === null || held.expiresAt <= Date.now()) return;
  await ctx.db.insert("resetCodes", { accountId: account._id, ...held });
}

/**
 * The e-mail's code, typed for `email`: the account's user id when it is the account's live
 * code (which it spends), else null. A wrong code counts against the code, never the address:
 * after RESET_CODE_MAX_WRONG_TRIES the code dies, and the e-mail's link and any new code still
 * work, so a stranger's tries cannot keep the owner out. An address with no account, or no live
 * code, is answered the same and writes nothing.
 */
export async function spendResetCode(
  ctx: MutationCtx,
  email: string,
  code: string,
): Promise<{ userId: Id<"users"> } | null> {
  const account = await passwordAccountOf(ctx, email);
  if (account === null) return null;
  const live = await liveCodeOf(ctx, account._id);
  if (live === null || live.expiresAt <= Date.now()) return null;
  if (live.wrongTries >= RESET_CODE_MAX_WRONG_TRIES) return null;
  if ((await secretHash(code)) !== live.codeHash) {
    await ctx.db.patch("resetCodes", live._id, { wrongTries: live.wrongTries + 1 });
    return null;
  }
  return await spend(ctx, account, live._id);
}

/**
 * The e-mail's link (its address and token): the account's user id when the token is the live
 * e-mail's (spending it), else null. No try limit, and a wrong token changes nothing: 128 random
 * bits cannot be guessed, and a limit would only give a stranger a way to kill the owner's link.
 */
export async function spendResetLink(
  ctx: MutationCtx,
  email: string,
  token: string,
): Promise<{ userId: Id<"users"> } | null> {
  const account = await passwordAccountOf(ctx, email);
  if (account === null) return null;
  const live = await liveCodeOf(ctx, account._id);
  if (live === null || live.expiresAt <= Date.now()) return null;
  if ((await secretHash(token)) !== live.linkHash) return null;
  return await spend(ctx, account, live._id);
}

/**
 * A reset e-mail used: it works once (code and link together). The address's failed password
 * sign-ins (Convex Auth's limit, counted under the account's id) are forgotten too, as a right
 * password would: whoever holds the mailbox is the owner, and their next sign-in with the new
 * password must not meet a stranger's wrong guesses at the old one.
 */
async function spend(
  ctx: MutationCtx,
  account: Doc<"authAccounts">,
  codeId: Id<"resetCodes">,
): Promise<{ userId: Id<"users"> }> {
  await ctx.db.delete("resetCodes", codeId);
  const failures = await ctx.db
    .query("authRateLimits")
    .withIndex("identifier", (q) => q.eq("identifier", account._id))
    .unique();
  if (failures !== null) await ctx.db.delete("authRateLimits", failures._id);
  return { userId: account.userId };
}
