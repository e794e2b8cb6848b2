import type { TestBackend } from "./backend";

export type Credentials = { email: string; username: string; password: string };

export const ann: Credentials = { email: "ann@example.com", username: "Ann", password: "secret1" };
export const bob: Credentials = { email: "bob@example.com", username: "Bob", password: "secret2" };

export type Tokens = { token: string; refreshToken: string };

/** Creates an account through Convex Auth's real sign-up action, outside the UI; returns its session tokens. */
export async function createAccount(
  backend: TestBackend,
  credentials: Credentials = ann,
): Promise<Tokens> {
  const result = await backend.call(
    "action",
    "auth:signIn",
    { provider: "password", params: { flow: "signUp", ...credentials } },
    null,
  );
  if (result.status === "error") throw new Error(result.errorMessage);
  return (result.value as { tokens: Tokens }).tokens;
}
