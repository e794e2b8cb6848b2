import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** A file name README mentions: a name with one of these endings, or a path to one. */
const FILE = /[\w.<>/-]*[\w-]\.(?:ts|tsx|mjs|js|json|md|html|css)\b/g;
/** The tree's second column: where a line's description starts. */
const DESCRIPTION_COLUMN = 24;

/** Whether `name` is a file or folder under any of `folders` (relative to the root). */
function foundUnder(folders: string[], name: string): boolean {
  return folders.some((folder) => existsSync(path.join(root, folder, name)));
}

/** `folder` and every folder above it, up to the root. */
function upwards(folder: string): string[] {
  const folders = [folder];
  while (folder !== "." && folder !== "") folders.push((folder = path.dirname(folder)));
  return folders;
}

/**
 * The files "Where things are" names, each with the folders it may be found under: a tree line's
 * own name under its parent; a name in its description under the line's folder (or, for a file's
 * line, its folder) and the folders above it, as the tree reads ("shared/rank.ts" beside boards/).
 */
function treeNames(): { name: string; folders: string[] }[] {
  const section = readme.slice(readme.indexOf("## Where things are"));
  const tree = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const names: { name: string; folders: string[] }[] = [];
  const parents: { indent: number; folders: string[] }[] = [];
  let here: string[] = ["."];
  for (const line of tree.split("\n")) {
    const node = line.slice(0, DESCRIPTION_COLUMN).trimEnd();
    if (node.trim() !== "") {
      const indent = node.length - node.trimStart().length;
      while (parents.length > 0 && parents[parents.length - 1].indent >= indent) parents.pop();
      const parent = parents.length > 0 ? parents[parents.length - 1].folders : ["."];
      const entries = node.trim().split(/,\s*/);
      for (const entry of entries) {
        // A placeholder (<domain>.ts, features/<name>/) names no one file: its folder is checked.
        const real = entry.split("<")[0];
        if (real !== "") names.push({ name: real, folders: parent });
      }
      const folders = entries.flatMap((entry) =>
        parent.map((folder) =>
          entry.endsWith("/") ? path.join(folder, entry.split("<")[0]) : folder,
        ),
      );
      parents.push({ indent, folders });
      here = folders;
    }
    for (const name of line.slice(DESCRIPTION_COLUMN).match(FILE) ?? []) {
      if (name.includes("<")) continue;
      names.push({ name, folders: [...new Set(here.flatMap(upwards))] });
    }
  }
  return names;
}

/** What README names that the build makes, or the app's routes: not files of the checkout. */
const NOT_FILES = /^(\/|dist\/)/;

/** The paths README names outside the tree: `code` with a slash or a file name, and links. */
function otherPaths(): string[] {
  const outside = readme.replace(/## Where things are\n+```[\s\S]*?```/, "");
  const code = [...outside.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]);
  const links = [...outside.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]);
  return [...code, ...links].filter(
    (name) =>
      !/^(https?:|npm|npx|--|-)/.test(name) &&
      !NOT_FILES.test(name) &&
      !name.includes("<") &&
      (name.includes("/") || /\.(ts|tsx|mjs|md|json)$/.test(name)) &&
      !name.includes("…") &&
      /^[\w.@/-]+$/.test(name),
  );
}

test("every file and folder README's layout names exists where the tree puts it", () => {
  const names = treeNames();
  const missing = names
    .filter(({ name, folders }) => !foundUnder(folders, name))
    .map(({ name, folders }) => `${name} (under ${folders.join(", ")})`);
  expect(missing).toEqual([]);
  // The tree is read, its folders and their files among it.
  expect(names.map(({ name }) => name)).toEqual(
    expect.arrayContaining(["round/", "places.ts", "puzzle.ts", "clue/roundClue.ts", "rules.ts"]),
  );
});

test("every path README names elsewhere exists", () => {
  const paths = otherPaths();
  expect(paths.filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  expect(paths).toEqual(
    expect.arrayContaining([
      "convex/model/shared/rules.ts",
      "convex/model/catalogue/clue/roundClue.ts",
      "convex/model/rooms/places.ts",
      "convex/model/daily/puzzle.ts",
      "scripts/prerender/vitePlugin.ts",
      "docs/architecture.md",
    ]),
  );
});
