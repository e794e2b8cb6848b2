// Regenerates convex/_generated and fails when the committed copy differs from it.
import { spawnSync } from "node:child_process";

const GENERATED_DIR = "convex/_generated";

function run(command, args) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    shell: process.platform === "win32",
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    console.error(`\`${command} ${args.join(" ")}\` exited with status ${result.status}.`);
    process.exit(1);
  }
  return result.stdout;
}

run("npx", ["convex", "codegen", "--system-udfs", "--typecheck", "disable"]);

const changes = run("git", ["status", "--porcelain", "--", GENERATED_DIR]).trimEnd();
if (changes) {
  console.error(`${GENERATED_DIR} is stale: regenerating it changed these files:\n${changes}\n`);
  console.error(`Run \`npm run codegen\` and commit ${GENERATED_DIR}.`);
  process.exit(1);
}
console.log(`${GENERATED_DIR} is up to date.`);
