import {
  createPublicKey,
  createPrivateKey,
  createSign,
  createVerify,
  type JsonWebKey,
} from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { aniListServer } from "./testing/aniListServer";
import { ANONYMOUS, authVars, deployProject, PROD } from "./testing/deployProject";

/**
 * README's "Deploying" steps, read out of README.md and typed in order into a checkout that ran
 * `npm run dev`, against the stand-in Convex CLI (its target resolution is the real one's),
 * Convex Auth's setup, the production deployment's site, and AniList.
 */
const readme = readFileSync(path.resolve(import.meta.dirname, "../README.md"), "utf8");

function deployingCommands(): string[] {
  const section = /^## Deploying\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap(([, block]) => block.split("\n"))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** As `npm run dev` left it: the local deployment, with the dev site's auth keys. */
const AFTER_NPM_RUN_DEV = `CONVEX_DEPLOYMENT=${ANONYMOUS}\nVITE_CONVEX_URL=http://127.0.0.1:3210\n`;

let project: Awaited<ReturnType<typeof deployProject>> | undefined;
let aniList: Awaited<ReturnType<typeof aniListServer>> | undefined;
afterEach(async () => {
  await project?.close();
  await aniList?.close();
  project = aniList = undefined;
});

async function checkoutAfterNpmRunDev() {
  const p = await deployProject({ envLocal: AFTER_NPM_RUN_DEV });
  const devKeys = authVars("http://localhost:5173");
  p.update((s) => (s.deployments["anonymous-agent"].env = devKeys));
  return { p, devKeys };
}

/** A session token's signature, made with the deployment's private key, checked as the backend would. */
async function signsPeopleIn(site: string, privatePem: string): Promise<boolean> {
  const pem = privatePem
    .replace("-----BEGIN PRIVATE KEY----- ", "-----BEGIN PRIVATE KEY-----\n")
    .replace(" -----END PRIVATE KEY-----", "\n-----END PRIVATE KEY-----");
  const token = "header.payload";
  const signature = createSign("RSA-SHA256").update(token).sign(createPrivateKey(pem));
  const config = (await (await fetch(`${site}/.well-known/openid-configuration`)).json()) as {
    jwks_uri: string;
  };
  const { keys } = (await (await fetch(config.jwks_uri)).json()) as { keys: JsonWebKey[] };
  return keys.some((key) =>
    createVerify("RSA-SHA256")
      .update(token)
      .verify(createPublicKey({ key, format: "jwk" }), signature),
  );
}

describe("README's Deploying steps", () => {
  test("README names them in sh blocks, npm run deploy among them", () => {
    const commands = deployingCommands();
    expect(commands).toContain("npm run deploy");
    expect(commands.some((c) => c.startsWith("npx @convex-dev/auth --prod"))).toBe(true);
    expect(commands).toContain("npm run smoke:anilist");
  });

  test("followed in order from a checkout that ran `npm run dev`, end in a deployment that signs people in", async () => {
    const { p, devKeys } = await checkoutAfterNpmRunDev();
    project = p;
    aniList = await aniListServer("ok");
    for (const command of deployingCommands()) {
      const { status, output } = await p.sh(command, { ANILIST_URL: aniList.endpoint });
      expect({ command, status, output }).toMatchObject({ command, status: 0 });
    }
    const prod = p.state().deployments[PROD];
    expect(prod.pushed).toBe(true);
    expect(prod.env.SITE_URL).toBe("https://your-site.example");
    expect(prod.env.AUTH_EMAIL_FROM).toMatch(/@your-domain\.example>$/);
    expect(await signsPeopleIn(p.site, prod.env.JWT_PRIVATE_KEY)).toBe(true);
    // The local deployment kept its own keys; the pool fill ran on production.
    expect(p.state().deployments["anonymous-agent"].env).toEqual(devKeys);
    expect(p.state().ran).toEqual([{ deployment: PROD, fn: "catalogue:fillPool" }]);
  });

  test("the former first step, run before linking a cloud project, puts the keys on the local deployment, and npm run deploy refuses", async () => {
    const { p } = await checkoutAfterNpmRunDev();
    project = p;
    const setup = await p.sh(
      "npx @convex-dev/auth --prod --web-server-url https://your-site.example",
    );
    // It says "prod" while the CLI wrote to the deployment CONVEX_DEPLOYMENT names.
    expect(setup.output).toContain("Successfully set JWT_PRIVATE_KEY (on prod deployment)");
    expect(p.state().deployments["anonymous-agent"].env.SITE_URL).toBe("https://your-site.example");
    expect(p.state().deployments[PROD].env).toEqual({});
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("is the local deployment `npm run dev` made");
  });
});
