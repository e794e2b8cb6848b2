// `npm run dev`: prepares a Convex dev deployment, then runs `convex dev` and Vite side by side.
//
// With no deployment configured (no CONVEX_DEPLOYMENT or CONVEX_SELF_HOSTED_URL in the
// environment or .env.local), the Convex CLI runs in its anonymous agent mode: it creates a
// local deployment without asking anyone to log in and writes VITE_CONVEX_URL to .env.local.
// To use a cloud deployment instead, run `npx convex dev` once and choose one.
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseEnv } from "node:util";

const SITE_URL = "http://localhost:5173";
const root = process.cwd();

/**
 * The local Convex backend runs "use node" functions (the cover maker) with this machine's Node,
 * and only on Node 20, 22 or 24; Vite, ESLint and jsdom need 20.19, 22.13 or later. Any other
 * version fails later and far from the cause, so it stops here (package.json `engines`, .nvmrc).
 */
function nodeVersionProblem(version) {
  const [major, minor] = version.split(".").map(Number);
  const minimum = { 20: 19, 22: 13, 24: 0 }[major];
  if (minimum !== undefined && minor >= minimum) return null;
  return (
    `\`npm run dev\` needs Node 20.19+, 22.13+ or 24 (this is Node ${version}): the local Convex\n` +
    `backend runs the game's "use node" functions only on Node 20, 22 or 24.\n` +
    `With nvm: \`nvm install\` (it reads .nvmrc: Node 22), then \`npm run dev\` again.\n` +
    `Without it: install Node 22 LTS from https://nodejs.org.\n`
  );
}

const nodeProblem = nodeVersionProblem(process.versions.node);
if (nodeProblem !== null) {
  process.stderr.write(nodeProblem);
  process.exit(1);
}

function binOf(packageName) {
  const packageDir = path.join(root, "node_modules", packageName);
  const { bin } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  return path.join(packageDir, typeof bin === "string" ? bin : bin[packageName]);
}

function hasConfiguredDeployment() {
  const envFile = path.join(root, ".env.local");
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, "utf8")) : {};
  const value = (name) => process.env[name] || fromFile[name];
  return Boolean(value("CONVEX_DEPLOYMENT") || value("CONVEX_SELF_HOSTED_URL"));
}

const convexBin = binOf("convex");
const viteBin = binOf("vite");
const convexEnv = hasConfiguredDeployment()
  ? process.env
  : { ...process.env, CONVEX_AGENT_MODE: "anonymous" };

/**
 * The Convex CLI needs the internet: to reach a cloud deployment, or to download the local
 * backend. Offline it crashes with an error report to Sentry and a stack trace; these lines
 * tell that case apart from any other failure.
 */
const OFFLINE =
  /Failed to fetch latest backend version|getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|\bfetch failed\b|ENETUNREACH/;

const OFFLINE_HELP = `
\`npm run dev\` stopped: the Convex CLI could not reach the internet. It needs a connection
to download its local backend (or to reach your cloud deployment). Either connect and run
\`npm run dev\` again, or play offline: \`npm run preview:offline\` serves the app with its
Convex functions running in memory.
`;

function exitOffline() {
  process.stderr.write(OFFLINE_HELP);
  process.exit(1);
}

/**
 * Copies a CLI's stderr through, line by line, until it shows the offline failure; from there
 * on, the rest (the crash report and its stack trace) is held back for OFFLINE_HELP.
 */
function forwardStderr(stream, prefix, state) {
  createInterface({ input: stream }).on("line", (line) => {
    if (state.watchOffline && OFFLINE.test(line)) state.offline = true;
    if (!state.offline) process.stderr.write(prefix + line + "\n");
  });
}

function convex(args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [convexBin, ...args], {
      env: convexEnv,
      stdio: ["inherit", capture ? "pipe" : "inherit", "pipe"],
    });
    const state = { watchOffline: true, offline: false };
    forwardStderr(child.stderr, "", state);
    let stdout = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.on("close", (status) => {
      if (state.offline) exitOffline();
      if (status !== 0) {
        console.error(`\`convex ${args.slice(0, 2).join(" ")}\` failed (exit status ${status}).`);
        process.exit(status ?? 1);
      }
      resolve(stdout);
    });
  });
}

/** Convex Auth signs session JWTs with JWT_PRIVATE_KEY and publishes the public half as JWKS. */
function authKeys() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return {
    JWT_PRIVATE_KEY: pem.trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({
      keys: [{ use: "sig", alg: "RS256", ...publicKey.export({ format: "jwk" }) }],
    }),
  };
}

async function ensureAuthEnv() {
  const existing = new Set(
    (await convex(["env", "list", "--names-only"], { capture: true }))
      .split("\n")
      .map((line) => line.trim()),
  );
  const missing = {
    // The two keys are one pair: replace both when either is missing.
    ...(existing.has("JWT_PRIVATE_KEY") && existing.has("JWKS") ? {} : authKeys()),
    ...(existing.has("SITE_URL") ? {} : { SITE_URL }),
  };
  for (const [name, value] of Object.entries(missing)) {
    await convex(["env", "set", name, "--", value]);
  }
}

// `convex init` does nothing when a deployment is already configured.
await convex(["init"]);
await ensureAuthEnv();

// Once the functions are pushed, `convex dev` fills the anime pool of a new deployment (a
// refresh from AniList, about a minute; nothing once the pool has anime), so the game plays
// without a manual step.
console.log(
  "The anime pool fills in the background (catalogue:fillPool). Follow it with\n" +
    "  npx convex run catalogue:poolReport --watch\n",
);

const colorize = process.stdout.isTTY;
const children = [
  { name: "convex", color: 36, args: [convexBin, "dev", "--run", "catalogue:fillPool"] },
  { name: "vite", color: 35, args: [viteBin, "--open"] },
].map(({ name, color, args }) => {
  const child = spawn(process.execPath, args, {
    env: { ...convexEnv, ...(colorize ? { FORCE_COLOR: "1" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = colorize ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  const state = { watchOffline: name === "convex", offline: false };
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (!state.offline) process.stdout.write(prefix + line + "\n");
  });
  forwardStderr(child.stderr, prefix, state);
  return { name, child, state };
});

let exitCode = null;
function stopAll(code) {
  exitCode ??= code;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
}

for (const { name, child, state } of children) {
  child.on("close", (code, signal) => {
    if (state.offline) {
      stopAll(1);
      exitOffline();
    }
    if (exitCode === null) {
      console.error(`[${name}] exited (${signal ?? `status ${code}`}); stopping the others.`);
    }
    stopAll(code ?? 1);
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(exitCode);
    }
  });
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => stopAll(0));
}
