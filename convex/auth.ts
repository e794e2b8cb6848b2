import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  convexAuth,
  createAccount,
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  signInViaProvider,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { v, type Value } from "convex/values";
import { Scrypt } from "lucia";
import type { DataModel } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import { query } from "./_generated/server";
import { isSessionLive } from "./functions";
import {
  loginProblem,
  normalizeEmail,
  PASSWORD_PROVIDER,
  resetRequestProblem,
  resetProblem,
  signUpProblem,
} from "./model/shared/accounts";
import {
  passwordResetEmail,
  ResetCodeNotSent,
  resetSetupProblem,
} from "./model/accounts/passwordReset";
import { appError } from "./model/shared/errors";
import { retrieveFailureCode } from "./model/accounts/credentials";
import { createPlayer } from "./model/accounts/users";

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
 * Sends a reset code when the address has an account (and has not had too many codes this hour).
 * Resolves the same way either way, and whether or not the send worked: the reply never tells
 * whether an address has an account. A send that fails is for the operator's log, and costs the
 * player nothing (`returnResetCode`).
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
  const reserved = await ctx.runMutation(internal.users.takeResetCode, { email: address });
  if (reserved === null) return null;
  try {
    await signInViaProvider(ctx, passwordResetEmail, {
      accountId: reserved.accountId,
      params: { email: address },
    });
  } catch (error) {
    if (!(error instanceof ResetCodeNotSent)) throw error;
    console.error(error.message);
    await ctx.runMutation(internal.users.returnResetCode, { reserved, unsentCode: error.code });
  }
  return null;
}

/**
 * A reset code and a new password: Convex Auth checks the code (spent once, expired codes and
 * too many wrong ones refused) and signs the player in; the password changes and every other
 * session of the account ends. Any failure is the same "wrong or expired" to the player.
 */
async function resetWithCode(params: Params, ctx: Ctx) {
  const input = {
    email: asString(params.email),
    code: asString(params.code)?.replace(/\s+/g, ""),
    newPassword: asString(params.newPassword),
  };
  const problem = resetProblem(input);
  if (problem) throw appError(problem);
  const address = normalizeEmail(input.email!);
  if (await ctx.runQuery(internal.users.isLockedOut, { email: address, now: Date.now() })) {
    throw appError("TOO_MANY_ATTEMPTS");
  }
  const account = await ctx.runQuery(internal.users.passwordAccount, { email: address });
  // An address with no account goes through the same check (and counts toward its limit).
  const signedIn = await signInViaProvider(ctx, passwordResetEmail, {
    params: { email: address, code: input.code! },
  }).catch(() => null);
  if (signedIn === null || account === null || signedIn.userId !== account.userId) {
    throw appError("RESET_CODE_INVALID");
  }
  await modifyAccountCredentials(ctx, {
    provider: PASSWORD_PROVIDER,
    account: { id: address, secret: input.newPassword! },
  });
  await invalidateSessions(ctx, { userId: signedIn.userId, except: [signedIn.sessionId] });
  return signedIn;
}

/**
 * Email and password accounts, built on Convex Auth's documented credentials extension points
 * (`ConvexCredentials`, `createAccount`, `retrieveAccount`) so that the app's own rules (6
 * characters, usernames, the spec's order of messages) and its coded errors need no patching of
 * a library provider. Passwords are hashed with Lucia's Scrypt, as Convex Auth's Password does,
 * and "reset" / "reset-verification" are its Password provider's reset flows with the `reset`
 * e-mail provider (convex/model/accounts/passwordReset.ts), different from its own in two
 * ways: an unknown address is answered like a known one, and every refusal is a coded error.
 */
const password = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER,
  authorize: async (params, ctx) => {
    if (params.flow === "signUp") return await signUpWithPassword(params, ctx);
    if (params.flow === "signIn") return await signInWithPassword(params, ctx);
    if (params.flow === "reset") return await requestReset(params, ctx);
    if (params.flow === "reset-verification") return await resetWithCode(params, ctx);
    throw new Error(
      'Unsupported sign-in flow: this app signs in with flow "signIn", "signUp", "reset" or "reset-verification"',
    );
  },
  // Only `signInViaProvider` above can use it: a client cannot sign in with a reset code alone.
  extraProviders: [passwordResetEmail],
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
