import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";

/**
 * `npm run dev` against stand-ins for the Convex CLI and Vite: a project folder whose
 * node_modules hold two scripts. The Convex one fails the way the real CLI does offline
 * (its stderr, recorded from `convex init` without a network, is the fixture).
 */
const devScript = path.resolve(import.meta.dirname, "dev.mjs");
const offlineStderr = path.resolve(import.meta.dirname, "testing/convex-offline-stderr.txt");

const convexStub = `
import { readFileSync } from "node:fs";
const [command, sub] = process.argv.slice(2);
const [failing, how] = (process.env.STUB_CONVEX_FAILS ?? "").split(":");
if (command === failing) {
  process.stderr.write(how === "offline" ? readFileSync(${JSON.stringify(offlineStderr)}, "utf8")
    : "✖ Something else broke\\n    at somewhere (file.js:1:1)\\n");
  process.exit(how === "offline" ? 1 : 3);
}
if (command === "env" && sub === "list") console.log("JWT_PRIVATE_KEY\\nJWKS\\nSITE_URL");
if (command === "dev") {
  console.log("convex " + process.argv.slice(2).join(" "));
  setInterval(() => {}, 1000);
}
`;
const viteStub = `console.log("VITE ready"); setInterval(() => {}, 1000);`;

let project: string | undefined;
afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = undefined;
});

function stubPackage(root: string, name: string, source: string) {
  const dir = path.join(root, "node_modules", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, bin: "bin.mjs" }));
  writeFileSync(path.join(dir, "bin.mjs"), source);
}

/** Runs dev.mjs as if on Node `version`: a preload overrides what the script reads. */
function onNode(version: string): string[] {
  const preload = `Object.defineProperty(process.versions, "node", { value: "${version}" });`;
  return ["--import", `data:text/javascript,${encodeURIComponent(preload)}`];
}

function startDev(fails: string, nodeArgs: string[] = []) {
  project = mkdtempSync(path.join(tmpdir(), "dev-mjs-"));
  stubPackage(project, "convex", convexStub);
  stubPackage(project, "vite", viteStub);
  cpSync(devScript, path.join(project, "dev.mjs"));
  const env: NodeJS.ProcessEnv = { ...process.env, STUB_CONVEX_FAILS: fails };
  delete env.CONVEX_DEPLOYMENT;
  delete env.CONVEX_SELF_HOSTED_URL;
  const child = spawn(process.execPath, [...nodeArgs, "dev.mjs"], { cwd: project, env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<{ status: number | null; output: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, output })),
  );
  return { child, output: () => output, closed };
}

function runDev(
  fails: string,
  nodeArgs: string[] = [],
): Promise<{ status: number | null; output: string }> {
  return startDev(fails, nodeArgs).closed;
}

function expectOfflineHelp(output: string) {
  const text = output.replace(/\s+/g, " ");
  expect(text).toContain("the Convex CLI could not reach the internet");
  expect(text).toContain("connect and run `npm run dev` again");
  expect(text).toContain("`npm run preview:offline`");
  // No crash report, no stack trace.
  expect(output).not.toMatch(/ENOTFOUND|reported to our team|Unexpected Error|^\s+at /m);
}

describe("npm run dev without internet", () => {
  test("when `convex init` cannot download the backend, it says why and what to do, and fails", async () => {
    const { status, output } = await runDev("init:offline");
    expect(status).toBe(1);
    expectOfflineHelp(output);
  });

  test("when `convex dev` cannot reach the internet, it stops Vite and says the same", async () => {
    const { status, output } = await runDev("dev:offline");
    expect(status).toBe(1);
    expectOfflineHelp(output);
  });

  test("any other failure of the CLI is shown as it is", async () => {
    const { status, output } = await runDev("init:other");
    expect(status).toBe(3);
    expect(output).toContain("✖ Something else broke");
    expect(output).toContain("`convex init` failed (exit status 3).");
    expect(output).not.toContain("preview:offline");
  });
});

describe("npm run dev", () => {
  test("fills the anime pool once the functions are pushed, and says how to follow it", async () => {
    const dev = startDev("");
    await vi.waitFor(() => expect(dev.output()).toContain("[convex] convex dev"), {
      timeout: 10_000,
    });
    dev.child.kill("SIGTERM");
    await dev.closed;
    expect(dev.output()).toContain("[convex] convex dev --run catalogue:fillPool");
    expect(dev.output()).toContain("npx convex run catalogue:poolReport --watch");
  });
});

describe("npm run dev on a Node the local backend cannot run", () => {
  test.each(["18.20.4", "20.18.1", "21.7.3", "23.11.0", "26.1.0"])(
    "on Node %s it starts nothing and says which Node to install",
    async (version) => {
      const dev = startDev("", onNode(version));
      // On a Node it accepts, dev.mjs runs until stopped: stop it, so the test fails, not hangs.
      const stop = setTimeout(() => dev.child.kill("SIGTERM"), 10_000);
      const { status, output } = await dev.closed;
      clearTimeout(stop);
      expect(status).toBe(1);
      expect(output).toContain(`this is Node ${version}`);
      expect(output).toContain("only on Node 20, 22 or 24");
      expect(output).toContain("`nvm install` (it reads .nvmrc: Node 22)");
      // Neither the Convex CLI nor Vite ran.
      expect(output).not.toContain("catalogue:poolReport");
    },
  );

  test.each(["20.19.0", "22.13.0", "24.1.0"])("on Node %s it goes on", async (version) => {
    const dev = startDev("", onNode(version));
    await vi.waitFor(() => expect(dev.output()).toContain("[convex] convex dev"), {
      timeout: 10_000,
    });
    dev.child.kill("SIGTERM");
    await dev.closed;
    expect(dev.output()).not.toContain("needs Node");
  });
});
