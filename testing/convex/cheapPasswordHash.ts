import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { vi } from "vitest";
import { countPasswordHash } from "./passwordHashes";

/**
 * Convex Auth hashes passwords with Lucia's Scrypt, in JavaScript: 0.4-0.8 s a sign-up or login
 * on a busy machine, and most tests sign up several accounts. Tests keep Convex Auth's real flows
 * but hash with salted SHA-256: a wrong password is still refused. (vite.config.ts inlines
 * @convex-dev/auth so that this mock reaches its import of "lucia".)
 */
vi.mock("lucia", async (importOriginal) => {
  const lucia = await importOriginal<typeof import("lucia")>();
  const digest = (salt: string, password: string) =>
    createHash("sha256").update(`${salt}:${password}`).digest("hex");
  class Scrypt {
    hash(password: string): Promise<string> {
      countPasswordHash();
      const salt = randomBytes(16).toString("hex");
      return Promise.resolve(`${salt}:${digest(salt, password)}`);
    }
    verify(hash: string, password: string): Promise<boolean> {
      const [salt = "", expected = ""] = hash.split(":");
      const actual = digest(salt, password);
      return Promise.resolve(
        actual.length === expected.length &&
          timingSafeEqual(Buffer.from(actual), Buffer.from(expected)),
      );
    }
  }
  return { ...lucia, Scrypt };
});
