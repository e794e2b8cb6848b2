/**
 * How many password hashes the tests' cheap hash (cheapPasswordHash.ts) has made in this worker.
 * Kept on `globalThis`, not on the mocked class: the backend's test files share one module cache
 * (`isolate: false`), so the `Scrypt` a test file imports may be another instance of the mock
 * than the one convex/auth.ts holds, and a spy on its prototype would see nothing.
 */
const counter = globalThis as { passwordHashes?: number };

export function countPasswordHash(): void {
  counter.passwordHashes = (counter.passwordHashes ?? 0) + 1;
}

export function passwordHashCount(): number {
  return counter.passwordHashes ?? 0;
}
