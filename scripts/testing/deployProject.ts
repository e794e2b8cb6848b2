import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A checkout for tests of the deploy path: package.json's real scripts, scripts/ linked to the
 * real ones, and stand-ins where the network would be: node_modules/convex and
 * node_modules/@convex-dev/auth (fakeConvex.mjs, fakeConvexAuth.mjs, their deployments in a JSON
 * file), `npx` and `npm` on PATH (fakeNpx.mjs, fakeNpm.mjs), and the production deployment's
 * HTTP actions on 127.0.0.1 serving Convex Auth's well-known endpoints from its variables.
 */
const root = path.resolve(import.meta.dirname, "../..");
const here = import.meta.dirname;

export const DEV = "happy-otter-123";
export const PROD = "clever-fox-456";
export const ANONYMOUS = "anonymous:anonymous-agent";

export type Deployment = { type: string; env: Record<string, string>; pushed: boolean };
export type FakeState = {
  loggedIn: boolean;
  project: { dev: string; prod: string };
  deployments: Record<string, Deployment>;
  ran: { deployment: string; fn: string }[];
};

/** Convex Auth's variables as `npm run dev` or `@convex-dev/auth` set them. */
export function authVars(siteUrl: string): Record<string, string> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    SITE_URL: siteUrl,
    JWT_PRIVATE_KEY: privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString()
      .trimEnd()
      .replace(/\n/g, " "),
    JWKS: JSON.stringify({
      keys: [{ use: "sig", alg: "RS256", ...publicKey.export({ format: "jwk" }) }],
    }),
  };
}

function stubPackage(dir: string, name: string, source: string) {
  const packageDir = path.join(dir, "node_modules", name);
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(path.join(packageDir, "package.json"), JSON.stringify({ name, bin: "bin.mjs" }));
  writeFileSync(path.join(packageDir, "bin.mjs"), `import ${JSON.stringify(source)};\n`);
}

function shim(binDir: string, name: string, source: string) {
  const file = path.join(binDir, name);
  writeFileSync(file, `#!/bin/sh\nexec "${process.execPath}" "${source}" "$@"\n`);
  chmodSync(file, 0o755);
}

/** How the production deployment's site answers: as Convex Auth does, or broken. */
export type SiteMode = "convex-auth" | "404" | "wrong-issuer";

export async function deployProject(options: { envLocal?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "deploy-"));
  const { scripts, name } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
    name: string;
  };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, scripts }));
  symlinkSync(path.join(root, "scripts"), path.join(dir, "scripts"));
  stubPackage(dir, "convex", path.join(here, "fakeConvex.mjs"));
  stubPackage(dir, "@convex-dev/auth", path.join(here, "fakeConvexAuth.mjs"));
  const binDir = path.join(dir, ".bin");
  mkdirSync(binDir);
  shim(binDir, "npx", path.join(here, "fakeNpx.mjs"));
  shim(binDir, "npm", path.join(here, "fakeNpm.mjs"));
  if (options.envLocal !== undefined) writeFileSync(path.join(dir, ".env.local"), options.envLocal);

  const statePath = path.join(dir, ".fake-convex.json");
  const initial: FakeState = {
    loggedIn: false,
    project: { dev: DEV, prod: PROD },
    deployments: {
      "anonymous-agent": { type: "anonymous", env: {}, pushed: true },
      [DEV]: { type: "dev", env: {}, pushed: false },
      [PROD]: { type: "prod", env: {}, pushed: false },
    },
    ran: [],
  };
  writeFileSync(statePath, JSON.stringify(initial));
  const state = () => JSON.parse(readFileSync(statePath, "utf8")) as FakeState;
  const update = (change: (s: FakeState) => void) => {
    const next = state();
    change(next);
    writeFileSync(statePath, JSON.stringify(next));
  };

  let siteMode: SiteMode = "convex-auth";
  const server: Server = createServer((request, response) => {
    const prod = state().deployments[PROD];
    const reply = (status: number, body: string) =>
      response.writeHead(status, { "Content-Type": "application/json" }).end(body);
    // A deployment without this code has no HTTP routes; @convex-dev/auth's routes throw on a
    // missing variable (requireEnv), which Convex answers with a 500.
    if (!prod.pushed || siteMode === "404") return reply(404, "No matching routes found");
    if (request.url === "/.well-known/openid-configuration") {
      const issuer = siteMode === "wrong-issuer" ? "https://elsewhere.convex.site" : site;
      return reply(200, JSON.stringify({ issuer, jwks_uri: `${site}/.well-known/jwks.json` }));
    }
    if (request.url === "/.well-known/jwks.json") {
      if (!prod.env.JWKS) return reply(500, "Missing environment variable `JWKS`");
      return reply(200, prod.env.JWKS);
    }
    return reply(404, "No matching routes found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(baseEnv)) {
    if (/^CONVEX_|^VITE_CONVEX|^ANILIST_/.test(name)) delete baseEnv[name];
  }

  /** Runs a shell command in the checkout, as a person would type it. */
  function sh(command: string, env: Record<string, string> = {}) {
    return new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn("sh", ["-c", command], {
        cwd: dir,
        env: {
          ...baseEnv,
          PATH: `${binDir}${path.delimiter}${process.env.PATH}`,
          FAKE_CONVEX_STATE: statePath,
          // The production deployment's HTTP actions are served here, not at .convex.site.
          CONVEX_SITE_URL: site,
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("close", (status) => resolve({ status, output }));
    });
  }

  return {
    dir,
    site,
    sh,
    state,
    update,
    setSite(mode: SiteMode) {
      siteMode = mode;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
