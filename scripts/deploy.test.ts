import { afterEach, describe, expect, test } from "vitest";
import { siteUrlOf } from "./deploy/wellKnown.mjs";
import { ANONYMOUS, authVars, DEV, deployProject, PROD } from "./testing/deployProject";

/**
 * `npm run deploy` against the stand-in Convex CLI (its target resolution and output shapes are
 * the real CLI's) and a stand-in for the production deployment's well-known endpoints.
 */
const CLOUD = `CONVEX_DEPLOYMENT=dev:${DEV} # team: me, project: anime-guess\n`;

let project: Awaited<ReturnType<typeof deployProject>> | undefined;
afterEach(async () => {
  await project?.close();
  project = undefined;
});

async function withProd(envLocal: string, prodEnv: (site: string) => Record<string, string>) {
  project = await deployProject({ envLocal });
  const site = project.site;
  project.update((s) => (s.deployments[PROD].env = prodEnv(site)));
  return project;
}

const complete = () => authVars("https://anime-guess.example");

describe("npm run deploy refuses a target that is not the cloud", () => {
  test("the anonymous deployment `npm run dev` made: says to link a cloud project, deploys nothing", async () => {
    const p = await withProd(`CONVEX_DEPLOYMENT=${ANONYMOUS}\n`, complete);
    p.update((s) => (s.deployments["anonymous-agent"].env = authVars("http://localhost:5173")));
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain(`CONVEX_DEPLOYMENT=${ANONYMOUS} is the local deployment`);
    expect(output).toContain("npx convex dev --configure --dev-deployment cloud --once");
    expect(output).toContain("CONVEX_DEPLOY_KEY");
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("a local deployment (local:…)", async () => {
    const p = await withProd("CONVEX_DEPLOYMENT=local:local-me-anime_guess\n", complete);
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("is a deployment running on this machine");
    expect(output).toContain("npx convex dev --configure --dev-deployment cloud --once");
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("no deployment at all", async () => {
    project = await deployProject();
    const { status, output } = await project.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("No Convex deployment is configured here.");
  });
});

describe("npm run deploy refuses a production deployment that would sign nobody in", () => {
  test.each([
    ["JWT_PRIVATE_KEY", "npx @convex-dev/auth --prod --web-server-url"],
    ["JWKS", "npx @convex-dev/auth --prod --web-server-url"],
    ["SITE_URL", "npx convex env set --prod SITE_URL -- https://"],
  ])("without %s: names it and the command that sets it", async (missing, command) => {
    const p = await withProd(CLOUD, () => {
      const vars = complete();
      delete vars[missing];
      return vars;
    });
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain(`${missing} is not set`);
    expect(output).toContain(command);
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("with a JWKS that is not JWT_PRIVATE_KEY's public half", async () => {
    const p = await withProd(CLOUD, () => ({ ...complete(), JWKS: authVars("x").JWKS }));
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("JWKS does not hold the public half of JWT_PRIVATE_KEY");
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("with AUTH_RESEND_KEY and no AUTH_EMAIL_FROM: names the sender it needs", async () => {
    const p = await withProd(CLOUD, () => ({ ...complete(), AUTH_RESEND_KEY: "re_123" }));
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("AUTH_RESEND_KEY is set without AUTH_EMAIL_FROM");
    expect(output).toContain("npx convex env set --prod AUTH_EMAIL_FROM -- ");
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("with AUTH_EMAIL_FROM on Resend's test domain", async () => {
    const p = await withProd(CLOUD, () => ({
      ...complete(),
      AUTH_RESEND_KEY: "re_123",
      AUTH_EMAIL_FROM: "Anime Guess <onboarding@resend.dev>",
    }));
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("Resend's test sender");
  });
});

describe("npm run deploy on a complete production deployment", () => {
  test("deploys, builds, and checks the sign-in endpoints", async () => {
    const p = await withProd(CLOUD, () => ({
      ...complete(),
      AUTH_RESEND_KEY: "re_123",
      AUTH_EMAIL_FROM: "Anime Guess <noreply@anime-guess.example>",
    }));
    const { status, output } = await p.sh("npm run deploy");
    expect(output).toContain(`Target: the production deployment of the project of ${DEV}`);
    expect(output).toContain("Running 'npm run build'");
    expect(output).toContain("(fake npm) built dist/");
    expect(output).toContain(`Deployed Convex functions to https://${PROD}.convex.cloud`);
    expect(output).toContain("answer as Convex Auth needs");
    expect(status).toBe(0);
    expect(p.state().deployments[PROD].pushed).toBe(true);
    expect(p.state().deployments[DEV].pushed).toBe(false);
  });

  test("--check runs the preflight alone", async () => {
    const p = await withProd(CLOUD, complete);
    const { status, output } = await p.sh("npm run deploy -- --check");
    expect(status).toBe(0);
    expect(output).toContain("Preflight: JWT_PRIVATE_KEY, JWKS");
    expect(p.state().deployments[PROD].pushed).toBe(false);
  });

  test("CONVEX_DEPLOY_KEY wins over the anonymous deployment in .env.local", async () => {
    const p = await withProd(`CONVEX_DEPLOYMENT=${ANONYMOUS}\n`, complete);
    const { status, output } = await p.sh("npm run deploy", {
      CONVEX_DEPLOY_KEY: `prod:${PROD}|secret`,
    });
    expect(output).toContain(`Target: the prod deployment ${PROD} (CONVEX_DEPLOY_KEY)`);
    expect(status).toBe(0);
    expect(p.state().deployments[PROD].pushed).toBe(true);
  });

  test.each([
    ["404", "answered HTTP 404"],
    ["wrong-issuer", 'issuer is "https://elsewhere.convex.site"'],
  ] as const)("fails loudly when the well-known endpoints answer %s", async (mode, why) => {
    const p = await withProd(CLOUD, complete);
    p.setSite(mode);
    const { status, output } = await p.sh("npm run deploy");
    expect(status).toBe(1);
    expect(output).toContain("the deployment does not answer as Convex Auth needs");
    expect(output).toContain(why);
  });
});

describe("the deployment's site URL", () => {
  test("is the .convex.site twin of the URL the deploy reports, unless CONVEX_SITE_URL says", () => {
    const output = "✔ Deployed Convex functions to https://clever-fox-456.convex.cloud\n";
    expect(siteUrlOf(output, undefined)).toBe("https://clever-fox-456.convex.site");
    expect(siteUrlOf(output, "https://api.anime-guess.example/")).toBe(
      "https://api.anime-guess.example",
    );
    expect(siteUrlOf("✔ Deployed Convex functions to http://127.0.0.1:3210\n", undefined)).toBe(
      null,
    );
  });
});
