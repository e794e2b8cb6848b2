import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { newBackend } from "../../../testing/convex/backend";
import { signUp } from "../../../testing/world";

describe("viewer", () => {
  test("is null for a session whose user was deleted", async () => {
    const t = newBackend();
    const { as } = await signUp(t);
    await t.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      await ctx.db.delete("users", user!._id);
    });
    expect(await as.query(api.users.viewer, {})).toBeNull();
  });

  test("never exposes the internal username key", async () => {
    const t = newBackend();
    const { as } = await signUp(t);
    expect(await as.query(api.users.viewer, {})).not.toHaveProperty("usernameKey");
  });
});

describe("the users table", () => {
  test("holds only complete profiles: a document missing a field a player needs is refused", async () => {
    const t = newBackend();
    await expect(
      t.run(async (ctx) => {
        await ctx.db.insert("users", { email: "hand.made@example.com" } as never);
      }),
    ).rejects.toThrow(/Validator error/);
  });
});
