// A stand-in for the Convex CLI 1.48 (`npx convex`), for tests of the deploy path: it picks its
// target as the real one does (CONVEX_DEPLOY_KEY, then CONVEX_DEPLOYMENT from the environment or
// .env.local, an anonymous or local deployment winning over --prod) and prints what the real one
// prints, on the same streams; the deployments live in the JSON file FAKE_CONVEX_STATE names:
//   { loggedIn, project: { dev, prod }, deployments: { <name>: { type, env, pushed } }, ran: [] }
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseEnv } from "node:util";

const statePath = process.env.FAKE_CONVEX_STATE;
const state = JSON.parse(readFileSync(statePath, "utf8"));
const save = () => writeFileSync(statePath, JSON.stringify(state, null, 2));
const fromFile = existsSync(".env.local") ? parseEnv(readFileSync(".env.local", "utf8")) : {};
const get = (name) => process.env[name] || fromFile[name] || null;

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return false;
  args.splice(at, 1);
  return true;
};
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};

function crash(message, status = 1) {
  process.stderr.write(`✖ ${message}\n`);
  process.exit(status);
}

const cloudUrl = (name) => `https://${name}.convex.cloud`;

/** The deployment a command acts on, as deploymentSelection.js picks it. */
function target({ prod }) {
  const key = get("CONVEX_DEPLOY_KEY");
  if (key) {
    if (prod)
      process.stderr.write(
        "⚠ Ignoring `--prod` flags and using deployment from CONVEX_DEPLOY_KEY\n",
      );
    return key.split("|")[0].split(":").at(-1);
  }
  const configured = get("CONVEX_DEPLOYMENT");
  if (!configured)
    crash("No CONVEX_DEPLOYMENT set, run `npx convex dev` to configure a Convex project");
  const name = configured.split(":").at(-1);
  const type = configured.split(":")[0];
  if (name.startsWith("anonymous-") || type === "local") return name;
  return prod ? state.project.prod : name;
}

const [command, sub] = args.splice(0, args[0] === "env" ? 2 : 1);
const prod = flag("--prod");
if (args[0] === "--") args.shift();

if (command === "env") {
  const deployment = state.deployments[target({ prod })];
  if (sub === "list") {
    const includeValues = flag("--include-values");
    const entries = Object.entries(deployment.env);
    if (entries.length === 0) process.stderr.write("No environment variables set\n");
    for (const [name, value] of entries) {
      // An AI agent running the real CLI gets names only unless --include-values.
      console.log(includeValues ? `${name}=${/[#"'\n]/.test(value) ? `'${value}'` : value}` : name);
    }
  } else if (sub === "get") {
    const value = deployment.env[args[0]];
    if (value === undefined)
      process.stderr.write(`✖ Environment variable "${args[0]}" not found\n`);
    else console.log(value);
  } else if (sub === "set") {
    const rest = args.filter((arg) => arg !== "--");
    const [name, value] = rest;
    deployment.env[name] = value;
    save();
    process.stderr.write(`✔ Successfully set ${name}\n`);
  } else crash(`fake convex: env ${sub} is not faked`, 2);
} else if (command === "login") {
  state.loggedIn = true;
  save();
  process.stderr.write("✔ Successfully logged in and authorized device\n");
} else if (command === "dev") {
  if (!flag("--configure") || !flag("--once"))
    crash("fake convex: only `dev --configure --once` is faked", 2);
  if (option("--dev-deployment") !== "cloud") crash("fake convex: pass --dev-deployment cloud", 2);
  if (!state.loggedIn)
    crash("Creating a deployment requires logging in. Run npx convex login and try again.");
  const name = state.project.dev;
  const kept = existsSync(".env.local")
    ? readFileSync(".env.local", "utf8")
        .split("\n")
        .filter(
          (line) =>
            line &&
            !/^(# Deployment used by|CONVEX_DEPLOYMENT=|VITE_CONVEX_(SITE_)?URL=)/.test(line),
        )
    : [];
  writeFileSync(
    ".env.local",
    [
      ...kept,
      "# Deployment used by `npx convex dev`",
      `CONVEX_DEPLOYMENT=dev:${name} # team: me, project: anime-guess`,
      "",
      `VITE_CONVEX_URL=${cloudUrl(name)}`,
      `VITE_CONVEX_SITE_URL=https://${name}.convex.site`,
      "",
    ].join("\n"),
  );
  state.deployments[name].pushed = true;
  save();
  process.stderr.write(`✔ Convex functions ready! (1.2s)\n`);
} else if (command === "deploy") {
  const name = target({ prod: true });
  const deployment = state.deployments[name];
  if (deployment.type === "anonymous" || deployment.type === "local") {
    process.stderr.write(
      "You are currently developing anonymously with a locally running project.\n" +
        "To deploy your Convex app to the cloud, log in by running `npx convex login`.\n",
    );
    process.exit(1);
  }
  const cmd = option("--cmd");
  for (const yes of ["-y", "--yes"]) flag(yes);
  if (args.length > 0) crash(`fake convex: deploy ${args.join(" ")} is not faked`, 2);
  process.stderr.write(`▌ Deploying code to deployment:\n▌ └─ ${cloudUrl(name)}\n`);
  if (cmd !== undefined) {
    process.stderr.write(
      `Running '${cmd}' with environment variables "VITE_CONVEX_URL" and "VITE_CONVEX_SITE_URL" set...\n`,
    );
    const built = spawnSync(cmd, {
      shell: true,
      stdio: "inherit",
      env: {
        ...process.env,
        VITE_CONVEX_URL: cloudUrl(name),
        VITE_CONVEX_SITE_URL: `https://${name}.convex.site`,
      },
    });
    if (built.status !== 0) crash(`'${cmd}' failed`);
  }
  deployment.pushed = true;
  save();
  process.stderr.write(`✔ Deployed Convex functions to ${cloudUrl(name)}\n`);
} else if (command === "run") {
  state.ran.push({ deployment: target({ prod }), fn: args[0] });
  save();
  console.log("null");
} else {
  crash(`fake convex: ${command} is not faked`, 2);
}
