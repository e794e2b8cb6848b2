import { expect, test } from "vitest";
import { api } from "./_generated/api";
import { newBackend } from "./test.setup";

test("sign up creates a player", async () => {
  const t = newBackend();
  const result = await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "signUp", email: "a@b.co", password: "secret1", username: "Ann" },
  });
  console.log(JSON.stringify(result).slice(0, 200));
});
