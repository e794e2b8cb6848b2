// The deployment's variables a signed-in player depends on, read from `npx convex env list
// --include-values` (NAME=value lines, quoted as a .env file would be: the CLI's
// formatEnvValueForDotfile). --include-values because the CLI lists names only when it thinks an
// AI agent runs it.
import { createPrivateKey, createPublicKey } from "node:crypto";
import { parseEnv } from "node:util";

export function parseEnvList(stdout) {
  return parseEnv(stdout);
}

const WEB_SERVER_URL = "https://your-site.example";

/**
 * Why the deployment cannot sign anyone in or send a reset e-mail, one line per problem, each
 * naming the variable and the command that sets it (`flags`: how the target is chosen).
 */
export function authEnvProblems(vars, flags) {
  const prod = flags.length > 0 ? ` ${flags.join(" ")}` : "";
  const authSetup = `npx @convex-dev/auth${prod} --web-server-url ${WEB_SERVER_URL}`;
  const problems = [];
  for (const name of ["JWT_PRIVATE_KEY", "JWKS"]) {
    if (!vars[name]) {
      problems.push(
        `${name} is not set: Convex Auth cannot sign sessions, so nobody can sign up or sign in.\n` +
          `  Set the key pair (and SITE_URL): ${authSetup}`,
      );
    }
  }
  if (!vars.SITE_URL) {
    problems.push(
      "SITE_URL is not set: Convex Auth needs the site's address (reset e-mails link to it).\n" +
        `  Set it: npx convex env set${prod} SITE_URL -- ${WEB_SERVER_URL}`,
    );
  } else if (!/^https?:\/\/[^\s/]+/.test(vars.SITE_URL)) {
    problems.push(
      `SITE_URL is "${vars.SITE_URL}", not an http(s) address.\n` +
        `  Set it: npx convex env set${prod} SITE_URL -- ${WEB_SERVER_URL}`,
    );
  }
  if (vars.JWT_PRIVATE_KEY && vars.JWKS) {
    const pair = keyPairProblem(vars.JWT_PRIVATE_KEY, vars.JWKS);
    if (pair !== null) problems.push(`${pair}\n  Set a new pair: ${authSetup}`);
  }
  if (vars.AUTH_RESEND_KEY && !vars.AUTH_EMAIL_FROM) {
    problems.push(
      "AUTH_RESEND_KEY is set without AUTH_EMAIL_FROM: Resend's default sender delivers only to\n" +
        "  the Resend account's owner, so every player's reset e-mail would fail. Verify a domain\n" +
        "  in Resend (docs/operations.md), then:\n" +
        `  npx convex env set${prod} AUTH_EMAIL_FROM -- "Anime Guess <noreply@your-domain.example>"`,
    );
  } else if (vars.AUTH_RESEND_KEY && /@resend\.dev\b/i.test(vars.AUTH_EMAIL_FROM)) {
    problems.push(
      `AUTH_EMAIL_FROM is "${vars.AUTH_EMAIL_FROM}", Resend's test sender: it delivers only to the\n` +
        "  Resend account's owner. Use a sender on a domain verified in Resend:\n" +
        `  npx convex env set${prod} AUTH_EMAIL_FROM -- "Anime Guess <noreply@your-domain.example>"`,
    );
  }
  return problems;
}

/**
 * JWKS must publish the public half of JWT_PRIVATE_KEY as an RS256 key: Convex Auth signs with
 * the one and the backend checks each session against the other. (Convex Auth stores the PEM
 * with spaces for newlines.)
 */
function keyPairProblem(privatePem, jwksText) {
  let keys;
  try {
    keys = JSON.parse(jwksText).keys;
  } catch {
    return "JWKS is not JSON.";
  }
  if (!Array.isArray(keys) || !keys.some((key) => key?.alg === "RS256" && key?.kty === "RSA")) {
    return "JWKS holds no RS256 key.";
  }
  let publicJwk;
  try {
    const pem = privatePem
      .replace(/-----BEGIN PRIVATE KEY----- /, "-----BEGIN PRIVATE KEY-----\n")
      .replace(/ -----END PRIVATE KEY-----/, "\n-----END PRIVATE KEY-----");
    publicJwk = createPublicKey(createPrivateKey(pem)).export({ format: "jwk" });
  } catch {
    return "JWT_PRIVATE_KEY is not a private key in PEM form.";
  }
  const matches = keys.some((key) => key?.n === publicJwk.n && key?.e === publicJwk.e);
  return matches
    ? null
    : "JWKS does not hold the public half of JWT_PRIVATE_KEY: sessions would not verify.";
}
