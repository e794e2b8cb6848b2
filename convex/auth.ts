import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  convexAuth,
  createAccount,
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { v, type Value } from "convex/values";
import { Scrypt } from "lucia";
import type { DataModel, Id } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { query } from "./_generated/server";
import { isSessionLive } from "./functions";
import {
  loginProblem,
  normalizeEmail,
  PASSWORD_PROVIDER,
  resetLinkProblem,
  resetRequestProblem,
  resetProblem,
  signUpProblem,
} from "./model/shared/accounts";
import {
  newResetSecrets,
  ResetCodeNotSent,
  resetSetupProblem,
  sendResetEmail,
} from "./model/accounts/passwordReset";
import { appError } from "./model/shared/errors";
import { retrieveFailureCode } from "./model/accounts/credentials";
import { createPlayer } from "./model/accounts/users";
import { isReservedUsername } from "./model/accounts/usernameKey";

type Params = Partial<Record<string, Value | undefined>>;
type Ctx = GenericActionCtxWithAuthConfig<DataModel>;

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

async function isEmailRegistered(ctx: Ctx, email: string): Promise<boolean> {
  return await ctx.runQuery(internal.users.isEmailRegistered, { email });
}

async function signUpWithPassword(params: Params, ctx: Ctx) {
  const email = asString(params.email);
  const username = asString(params.username)?.trim();
  const secret = asString(params.password);
  const problem = signUpProblem({ email, username, password: secret });
  if (problem) throw appError(problem);
  // Before the password's hash and the account's writes: a reserved name costs nothing.
  if (isReservedUsername(username!)) throw appError("USERNAME_RESERVED");
  const accountId = normalizeEmail(email!);
  if (await isEmailRegistered(ctx, accountId)) throw appError("EMAIL_TAKEN");
  // Before the hash: a sign-up refused here has cost one small mutation.
  if (!(await ctx.runMutation(internal.users.takeSignUp, {}))) throw appError("SIGN_UPS_BUSY");
  try {
    const { user } = await createAccount(ctx, {
      provider: PASSWORD_PROVIDER,
      account: { id: accountId, secret: secret! },
      profile: { email: accountId, username: username! },
    });
    return { userId: user._id };
  } catch (error) {
    // Two sign-ups with one address at once: the second finds the first's account.
    if (await isEmailRegistered(ctx, accountId)) throw appError("EMAIL_TAKEN");
    throw error;
  }
}

async function signInWithPassword(params: Params, ctx: Ctx) {
  const email = asString(params.email);
  const secret = asString(params.password);
  const problem = loginProblem({ email, password: secret });
  if (problem) throw appError(problem);
  try {
    const { user } = await retrieveAccount(ctx, {
      provider: PASSWORD_PROVIDER,
      account: { id: normalizeEmail(email!), secret: secret! },
    });
    return { userId: user._id };
  } catch (error) {
    const code = retrieveFailureCode(error);
    throw code ? appError(code) : error;
  }
}

/**
 * Sends a reset e-mail (a code and a link) when the address has an account (and has not had
 * RESET_CODES_PER_HOUR this hour). Resolves the same way either way, and whether or not the send
 * worked: the reply never tells whether an address has an account. A send that fails is for the
 * operator's log, and costs the player nothing (`returnResetCode`).
 */
async function requestReset(params: Params, ctx: Ctx) {
  const email = asString(params.email);
  const problem = resetRequestProblem({ email });
  if (problem) throw appError(problem);
  const setupProblem = resetSetupProblem();
  if (setupProblem !== null) {
    console.error(setupProblem);
    throw appError("RESET_NOT_SET_UP");
  }
  const address = normalizeEmail(email!);
  const { code, token, codeHash, linkHash } = await newResetSecrets();
  const reserved = await ctx.runMutation(internal.users.takeResetCode, {
    email: address,
    codeHash,
    linkHash,
  });
  if (reserved === null) return null;
  try {
    await sendResetEmail(address, code, token);
  } catch (error) {
    if (!(error instanceof ResetCodeNotSent)) throw error;
    console.error(error.message);
    await ctx.runMutation(internal.users.returnResetCode, { reserved, unsentCodeHash: codeHash });
  }
  return null;
}

/**
 * A new password with the reset e-mail's code (`code`) or its link (`token`): the e-mail is
 * spent, the password changes, every session of the account ends, and the player is signed in
 * (Convex Auth opens a session for the user id returned). A wrong code counts against that code
 * only (RESET_CODE_MAX_WRONG_TRIES), never the address, so nobody else's tries can lock the owner
 * out; the link has no limit. Any failure is the same "wrong or expired" for every address.
 */
async function resetWithEmail(params: Params, ctx: Ctx) {
  const email = asString(params.email);
  const newPassword = asString(params.newPassword);
  const token = asString(params.token);
  let spent: { userId: Id<"users"> } | null;
  if (token !== undefined) {
    const problem = resetLinkProblem({ email, token, newPassword });
    if (problem) throw appError(problem);
    const address = normalizeEmail(email!);
    spent = await ctx.runMutation(internal.users.spendResetLink, { email: address, token });
    if (spent === null) throw appError("RESET_LINK_INVALID");
  } else {
    const code = asString(params.code)?.replace(/\s+/g, "");
    const problem = resetProblem({ email, code, newPassword });
    if (problem) throw appError(problem);
    const address = normalizeEmail(email!);
    spent = await ctx.runMutation(internal.users.spendResetCode, { email: address, code: code! });
    if (spent === null) throw appError("RESET_CODE_INVALID");
  }
  await modifyAccountCredentials(ctx, {
    provider: PASSWORD_PROVIDER,
    account: { id: normalizeEmail(email!), secret: newPassword! },
  });
  // Every session before this one: the one Convex Auth opens for the returned id comes after.
  await invalidateSessions(ctx, { userId: spent.userId });
  return spent;
}

/**
 * Email and password accounts, built on Convex Auth's documented credentials extension points
 * (`ConvexCredentials`, `createAccount`, `retrieveAccount`) so that the app's own rules (6
 * characters, usernames, the spec's order of messages) and its coded errors need no patching of
 * a library provider. Passwords are hashed with Lucia's Scrypt, as Convex Auth's Password does,
 * and "reset" / "reset-verification" are the reset flows of its Password provider, on the app's
 * own `resetCodes` table (convex/model/accounts/passwordReset.ts) rather than Convex Auth's
 * e-mail provider, whose wrong codes locked the address for everyone: here a wrong code counts
 * against that code, the e-mail also carries a link, an unknown address is answered like a known
 * one, and every refusal is a coded error. (Codes the old provider stored in
 * `authVerificationCodes` are no longer accepted; they expired 15 minutes after they were sent.)
 */
const password = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER,
  authorize: async (params, ctx) => {
    if (params.flow === "signUp") return await signUpWithPassword(params, ctx);
    if (params.flow === "signIn") return await signInWithPassword(params, ctx);
    if (params.flow === "reset") return await requestReset(params, ctx);
    if (params.flow === "reset-verification") return await resetWithEmail(params, ctx);
    throw new Error(
      'Unsupported sign-in flow: this app signs in with flow "signIn", "signUp", "reset" or "reset-verification"',
    );
  },
  crypto: {
    hashSecret: async (secret) => await new Scrypt().hash(secret),
    verifySecret: async (secret, hash) => await new Scrypt().verify(hash, secret),
  },
});

export const { auth, signIn, signOut, store } = convexAuth({
  providers: [password],
  callbacks: {
    async createOrUpdateUser(ctx, { existingUserId, profile }) {
      if (existingUserId !== null) return existingUserId;
      return await createPlayer(ctx, {
        email: String(profile.email),
        username: String(profile.username),
      });
    },
  },
});

/**
 * Whether the caller is signed in: Convex Auth's own answer, a valid token, holds for up to an
 * hour after its session ended; this one asks the session.
 */
export const isAuthenticated = query({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => await isSessionLive(ctx),
});
