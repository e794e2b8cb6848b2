import type { Doc } from "../../convex/_generated/dataModel";

type UserFields = Omit<Doc<"users">, "_id" | "_creationTime">;

/**
 * A `users` document as sign-up makes one (`createPlayer`), for tests and the bench that put
 * players in directly: no score, no roles, unless `fields` says otherwise.
 */
export function testUser(username: string, fields: Partial<UserFields> = {}): UserFields {
  return {
    email: `${username.toLowerCase()}@example.com`,
    username,
    usernameKey: username.toLowerCase(),
    score: 0,
    isBetaTester: false,
    isAdmin: false,
    createdAt: 0,
    ...fields,
  };
}
