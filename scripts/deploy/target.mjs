// Which deployment `npx convex deploy` and `npx convex env … --prod` would act on, resolved the
// way the Convex CLI 1.48 resolves it (convex/dist/esm/cli/lib/deploymentSelection.js): a
// deploy key first, then a self-hosted URL and admin key, then CONVEX_DEPLOYMENT; each read from
// the environment, else from .env.local, else from .env (the CLI loads both files without
// overriding the environment). An anonymous or local CONVEX_DEPLOYMENT wins over `--prod`: the
// commands then act on this machine's backend while `@convex-dev/auth --prod` prints "on prod
// deployment". That is the mistake the refusals below exist for.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** What `npm run dev` left in .env.local and the environment, the environment first. */
export function readDeploymentEnv(cwd, env) {
  const files = [".env.local", ".env"].map((name) => {
    const file = path.join(cwd, name);
    return existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  });
  // Like the CLI, an empty value counts as unset.
  return (name) => [env, ...files].map((source) => source[name]).find((value) => value) ?? null;
}

const LINK_A_CLOUD_PROJECT = `Link a Convex cloud project first (README, "Deploying"):
  npx convex login
  npx convex dev --configure --dev-deployment cloud --once
or set CONVEX_DEPLOY_KEY to a production deploy key (Convex dashboard → the project's
Production deployment → Settings → Deploy keys) for this and every \`--prod\` step.`;

/**
 * The target, or why there is none to deploy to. `flags` select the production deployment in
 * `npx convex env …` (none with a deploy key: the CLI ignores `--prod` then, with a warning).
 */
export function resolveTarget(get) {
  const key = get("CONVEX_DEPLOY_KEY") ?? get("CONVEX_DEPLOYMENT_TOKEN");
  if (key !== null) {
    const match = /^(prod|dev|preview|project):([^|]*)\|/.exec(key);
    if (match === null) {
      return refusal(
        "CONVEX_DEPLOY_KEY is not a deploy key (prod:…|…). Copy it again from the dashboard.",
      );
    }
    const [, type, name] = match;
    if (type === "preview") {
      return refusal(
        "CONVEX_DEPLOY_KEY is a preview deploy key: `npm run deploy` deploys production.\n" +
          "For a preview deployment use `npx convex deploy --cmd 'npm run build'` directly.",
      );
    }
    return {
      ok: true,
      flags: type === "project" ? ["--prod"] : [],
      description:
        type === "project"
          ? "the production deployment of the project of CONVEX_DEPLOY_KEY"
          : `the ${type} deployment ${name} (CONVEX_DEPLOY_KEY)`,
    };
  }
  const selfHosted = get("CONVEX_SELF_HOSTED_URL");
  if (selfHosted !== null && get("CONVEX_SELF_HOSTED_ADMIN_KEY") !== null) {
    return { ok: true, flags: [], description: `the self-hosted deployment at ${selfHosted}` };
  }
  const deployment = get("CONVEX_DEPLOYMENT");
  if (deployment === null) {
    return refusal(`No Convex deployment is configured here.\n${LINK_A_CLOUD_PROJECT}`);
  }
  const type = deployment.split(":")[0];
  const name = deployment.split(":").at(-1);
  if (type === "anonymous" || name.startsWith("anonymous-")) {
    return refusal(
      `CONVEX_DEPLOYMENT=${deployment} is the local deployment \`npm run dev\` made without an\n` +
        "account. The Convex CLI sends every command to it, `--prod` included: nothing would\n" +
        `reach the cloud, and auth keys set with \`--prod\` land on this machine.\n${LINK_A_CLOUD_PROJECT}`,
    );
  }
  if (type === "local") {
    return refusal(
      `CONVEX_DEPLOYMENT=${deployment} is a deployment running on this machine, not a cloud one.\n` +
        LINK_A_CLOUD_PROJECT,
    );
  }
  return {
    ok: true,
    flags: ["--prod"],
    description: `the production deployment of the project of ${name} (CONVEX_DEPLOYMENT)`,
  };
}

function refusal(reason) {
  return { ok: false, reason };
}
