import { Password } from "@convex-dev/auth/providers/Password";
import { convexAuth } from "@convex-dev/auth/server";
import type { DataModel } from "./_generated/dataModel";
import { internal } from "./_generated/api";
import type { GenericActionCtx } from "convex/server";
import { loginProblem, normalizeEmail, signUpProblem } from "./model/accounts";
import { appError, errorCodeOf, type ErrorCode } from "./model/errors";
import { createPlayer } from "./model/users";

/** Convex Auth reports credential failures as plain `Error`s named by these messages. */
const convexAuthFailures: Record<string, ErrorCode> = {
  InvalidAccountId: "ACCOUNT_NOT_FOUND",
  InvalidSecret: "INCORRECT_PASSWORD",
  TooManyFailedAttempts: "TOO_MANY_ATTEMPTS",
};

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

const password = Password<DataModel>({
  profile(params) {
    const email = asString(params.email);
    const passwordValue = asString(params.password);
    if (params.flow === "signUp") {
      const username = asString(params.username)?.trim();
      const problem = signUpProblem({ email, username, password: passwordValue });
      if (problem) throw appError(problem);
      return { email: normalizeEmail(email!), username: username! };
    }
    const problem = loginProblem({ email, password: passwordValue });
    if (problem) throw appError(problem);
    return { email: normalizeEmail(email!) };
  },
  // The rules (6 characters, not Convex Auth's 8) are checked with the others in `profile`,
  // which keeps the spec's order of messages.
  validatePasswordRequirements: () => {},
});

/**
 * Convex Auth reads a credentials provider's `authorize` from `options`, the
 * Auth.js convention; wrapping it is the one place where its plain errors
 * become coded ones.
 */
type AuthorizeFn = (
  params: Record<string, unknown>,
  ctx: GenericActionCtx<DataModel>,
) => Promise<unknown>;
const passwordOptions = (password as unknown as { options: { authorize: AuthorizeFn } }).options;
const authorizePassword = passwordOptions.authorize;
passwordOptions.authorize = async (params, ctx) => {
  if (params.flow === "signUp") {
    const email = asString(params.email);
    if (email && (await ctx.runQuery(internal.users.isEmailRegistered, { email }))) {
      throw appError("EMAIL_TAKEN");
    }
  }
  try {
    return await authorizePassword(params, ctx);
  } catch (error) {
    if (errorCodeOf(error) !== null || !(error instanceof Error)) throw error;
    const code =
      convexAuthFailures[error.message] ??
      (/already exists/.test(error.message) ? "EMAIL_TAKEN" : undefined);
    throw code ? appError(code) : error;
  }
};

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
