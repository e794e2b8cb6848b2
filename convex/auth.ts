import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  convexAuth,
  createAccount,
  retrieveAccount,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import type { Value } from "convex/values";
import { Scrypt } from "lucia";
import type { DataModel } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import {
  loginProblem,
  normalizeEmail,
  PASSWORD_PROVIDER,
  signUpProblem,
} from "./model/shared/accounts";
import { appError, type ErrorCode } from "./model/shared/errors";
import { createPlayer } from "./model/accounts/users";

type Params = Partial<Record<string, Value | undefined>>;
type Ctx = GenericActionCtxWithAuthConfig<DataModel>;

/**
 * `retrieveAccount` reports why credentials failed with one of these documented codes (the
 * error's message); everything else it throws is unexpected and stays as it is.
 */
const retrieveFailures: Record<string, ErrorCode> = {
  InvalidAccountId: "ACCOUNT_NOT_FOUND",
  InvalidSecret: "INCORRECT_PASSWORD",
  TooManyFailedAttempts: "TOO_MANY_ATTEMPTS",
};

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
    const code = error instanceof Error ? retrieveFailures[error.message] : undefined;
    throw code ? appError(code) : error;
  }
}

/**
 * Email and password accounts, built on Convex Auth's documented credentials extension points
 * (`ConvexCredentials`, `createAccount`, `retrieveAccount`) so that the app's own rules (6
 * characters, usernames, the spec's order of messages) and its coded errors need no patching of
 * a library provider. Passwords are hashed with Lucia's Scrypt, as Convex Auth's Password does.
 */
const password = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER,
  authorize: async (params, ctx) => {
    if (params.flow === "signUp") return await signUpWithPassword(params, ctx);
    if (params.flow === "signIn") return await signInWithPassword(params, ctx);
    throw new Error('Unsupported sign-in flow: this app signs in with flow "signIn" or "signUp"');
  },
  crypto: {
    hashSecret: async (secret) => await new Scrypt().hash(secret),
    verifySecret: async (secret, hash) => await new Scrypt().verify(hash, secret),
  },
});

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
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
