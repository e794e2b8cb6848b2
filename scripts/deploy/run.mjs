// `npm run deploy [-- --check] [-- convex deploy options]`: the preflight, the push and build,
// then the check that the deployment signs people in. Each step that fails stops the rest and
// says what to do. The Convex CLI is the project's own (node_modules/convex), run with this
// Node; tests put a stand-in there.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { authEnvProblems, parseEnvList } from "./authEnv.mjs";
import { readDeploymentEnv, resolveTarget } from "./target.mjs";
import { siteUrlOf, wellKnownProblems } from "./wellKnown.mjs";

function convexBin(cwd) {
  const dir = path.join(cwd, "node_modules", "convex");
  const { bin } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  return path.join(dir, typeof bin === "string" ? bin : bin.convex);
}

/** Runs the Convex CLI; stdout is captured or shown, stderr is shown and kept. */
function convex(cwd, env, args, { captureStdout }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [convexBin(cwd), ...args], {
      cwd,
      env,
      stdio: ["inherit", captureStdout ? "pipe" : "inherit", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on("close", (status) => resolve({ status: status ?? 1, stdout, stderr }));
  });
}

function fail(lines) {
  process.stderr.write(
    `\nnpm run deploy stopped:\n${[lines]
      .flat()
      .map((l) => `- ${l}`)
      .join("\n")}\n`,
  );
  return 1;
}

export async function runDeploy({ argv, env, cwd }) {
  const check = argv.includes("--check");
  const passThrough = argv.filter((arg) => arg !== "--check");

  const target = resolveTarget(readDeploymentEnv(cwd, env));
  if (!target.ok) return fail(target.reason);
  process.stderr.write(`Target: ${target.description}\n`);

  const listed = await convex(cwd, env, ["env", "list", "--include-values", ...target.flags], {
    captureStdout: true,
  });
  if (listed.status !== 0)
    return fail("`npx convex env list` failed (above): the target's variables could not be read.");
  const problems = authEnvProblems(parseEnvList(listed.stdout), target.flags);
  if (problems.length > 0) return fail(problems);
  process.stderr.write(
    "Preflight: JWT_PRIVATE_KEY, JWKS (a matching RS256 pair) and SITE_URL are set.\n",
  );
  if (check) return 0;

  const hasCmd = passThrough.some((arg) => arg === "--cmd" || arg.startsWith("--cmd="));
  const deployed = await convex(
    cwd,
    env,
    ["deploy", ...(hasCmd ? [] : ["--cmd", "npm run build"]), ...passThrough],
    { captureStdout: false },
  );
  if (deployed.status !== 0) return fail("`npx convex deploy` failed (above).");

  const site = siteUrlOf(deployed.stderr, env.CONVEX_SITE_URL);
  if (site === null) {
    return fail(
      "Deployed, but its HTTP actions' address is unknown (not a .convex.cloud deployment):\n" +
        "  run again with CONVEX_SITE_URL=https://… (the deployment's site URL) to check sign-in.",
    );
  }
  const wrong = await wellKnownProblems(site);
  if (wrong.length > 0) {
    return fail([
      "Deployed, but the deployment does not answer as Convex Auth needs: sign-in would fail.",
      ...wrong,
    ]);
  }
  process.stderr.write(
    `Sign-in check: ${site}/.well-known/openid-configuration and jwks.json answer as Convex Auth needs.\n`,
  );
  return 0;
}
