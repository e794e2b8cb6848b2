// `npm run <script> [-- args]` for tests of the deploy path: runs package.json's script in a shell,
// as npm does, except `build`, which only says it ran (the real build takes a minute).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const [command, name, ...rest] = process.argv.slice(2);
if (command !== "run") {
  console.error(`fake npm: only \`npm run\` is faked, not \`npm ${command}\``);
  process.exit(2);
}
const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
if (scripts[name] === undefined) {
  console.error(`npm error Missing script: "${name}"`);
  process.exit(1);
}
if (name === "build") {
  console.log("(fake npm) built dist/");
  process.exit(0);
}
const args = rest[0] === "--" ? rest.slice(1) : rest;
const quoted = args.map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
const run = spawnSync(`${scripts[name]} ${quoted}`, { shell: true, stdio: "inherit" });
process.exit(run.status ?? 1);
