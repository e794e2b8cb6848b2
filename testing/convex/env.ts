import { generateKeyPairSync } from "node:crypto";

/**
 * Convex Auth signs its JWTs with the deployment's JWT_PRIVATE_KEY and publishes
 * JWKS; a test backend needs a key pair of its own, made once per test file.
 */
if (!process.env.JWT_PRIVATE_KEY) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  process.env.JWT_PRIVATE_KEY = pem.trimEnd().replace(/\n/g, " ");
  process.env.JWKS = JSON.stringify({
    keys: [{ use: "sig", alg: "RS256", ...publicKey.export({ format: "jwk" }) }],
  });
}
process.env.CONVEX_SITE_URL ??= "https://test.convex.site";
process.env.SITE_URL ??= "http://localhost:5173";
// Convex Auth logs every step (`auth:store` type: …) at its default level, INFO: hundreds of lines
// per run. Its warnings and errors still print.
process.env.AUTH_LOG_LEVEL ??= "WARN";

// Tests never reach the network: a function that calls AniList without a stub fails at once,
// clearly. Tests that exercise fetching stub `fetch` themselves (vi.stubGlobal).
globalThis.fetch = () => Promise.reject(new Error("fetch is not available in tests: stub it"));
