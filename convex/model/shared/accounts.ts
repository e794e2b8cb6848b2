import * as z from "zod/mini";
import {
  MAX_EMAIL_LENGTH,
  MIN_PASSWORD_LENGTH,
  RESET_CODE_LENGTH,
  RESET_LINK_TOKEN_BYTES,
  USERNAME_PATTERN,
} from "./accountRules";

import type { ErrorCode } from "./errors";

export { MAX_EMAIL_LENGTH, MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from "./accountRules";

/** The provider id stored on every password account (`authAccounts.provider`). */
export const PASSWORD_PROVIDER = "password";

const emailSchema = z.email().check(z.maxLength(MAX_EMAIL_LENGTH));

export type LoginInput = { email: string; password: string };
export type SignUpInput = LoginInput & { username: string };
export type ResetInput = { email: string; code: string; newPassword: string };
/** A reset by the e-mail's link: its address and token, and the new password. */
export type ResetLinkInput = { email: string; token: string; newPassword: string };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

/** The first rule a login form breaks, in the order the spec lists them, or null. */
export function loginProblem(input: Partial<LoginInput>): ErrorCode | null {
  if (isBlank(input.email) || !input.password) return "MISSING_CREDENTIALS";
  if (!emailSchema.safeParse(normalizeEmail(input.email!)).success) return "INVALID_EMAIL";
  return null;
}

/** The first rule a sign-up form breaks, in the order the spec lists them, or null. */
export function signUpProblem(input: Partial<SignUpInput>): ErrorCode | null {
  if (isBlank(input.email) || isBlank(input.username) || !input.password) return "MISSING_FIELDS";
  if (!emailSchema.safeParse(normalizeEmail(input.email!)).success) return "INVALID_EMAIL";
  if (input.password.length < MIN_PASSWORD_LENGTH) return "PASSWORD_TOO_SHORT";
  if (!USERNAME_PATTERN.test(input.username!.trim())) return "INVALID_USERNAME";
  return null;
}

/** The first rule a username change breaks, or null (the sign-up's rule and message). */
export function usernameProblem(username: string): ErrorCode | null {
  return USERNAME_PATTERN.test(username.trim()) ? null : "INVALID_USERNAME";
}

/** The first rule a request for a reset code breaks, or null. */
export function resetRequestProblem(input: { email?: string }): ErrorCode | null {
  if (isBlank(input.email)) return "INVALID_EMAIL";
  if (!emailSchema.safeParse(normalizeEmail(input.email!)).success) return "INVALID_EMAIL";
  return null;
}

const RESET_CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

/** The first rule a reset (address, code, new password) breaks, or null. */
export function resetProblem(input: Partial<ResetInput>): ErrorCode | null {
  const emailProblem = resetRequestProblem(input);
  if (emailProblem) return emailProblem;
  if (!RESET_CODE_PATTERN.test((input.code ?? "").replace(/\s+/g, ""))) return "RESET_CODE_MISSING";
  if ((input.newPassword ?? "").length < MIN_PASSWORD_LENGTH) return "PASSWORD_TOO_SHORT";
  return null;
}

/** A link's token: RESET_LINK_TOKEN_BYTES random bytes in base64url, without padding. */
const RESET_TOKEN_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${Math.ceil((RESET_LINK_TOKEN_BYTES * 4) / 3)}}$`,
);

/** The first rule a reset by the e-mail's link breaks, or null (a mangled link is a wrong one). */
export function resetLinkProblem(input: Partial<ResetLinkInput>): ErrorCode | null {
  if (resetRequestProblem(input) !== null) return "RESET_LINK_INVALID";
  if (!RESET_TOKEN_PATTERN.test(input.token ?? "")) return "RESET_LINK_INVALID";
  if ((input.newPassword ?? "").length < MIN_PASSWORD_LENGTH) return "PASSWORD_TOO_SHORT";
  return null;
}
