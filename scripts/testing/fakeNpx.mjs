// `npx <package> …` for tests of the deploy path: runs the bin of the project's own
// node_modules/<package> with this Node, never the registry.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const [name, ...rest] = process.argv.slice(2);
const dir = path.resolve("node_modules", name);
const { bin } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
const file = typeof bin === "string" ? bin : Object.values(bin)[0];
const run = spawnSync(process.execPath, [path.join(dir, file), ...rest], { stdio: "inherit" });
process.exit(run.status ?? 1);
