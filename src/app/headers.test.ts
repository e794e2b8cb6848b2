import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * public/_headers is the example for a static host (Netlify, Cloudflare Pages); the operations
 * guide (docs/operations.md) quotes it. These tests hold the file to the policy the guide
 * describes, the guide to the file, and the policy to what a production build actually serves.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFile(path.join(root, file), "utf8");

type Rules = Map<string, Map<string, string>>;

/** Netlify's `_headers` format: a path, then indented `Name: value` lines; `#` starts a comment. */
function parseHeaders(text: string): Rules {
  const rules: Rules = new Map();
  let current: Map<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    if (current === null || colon === -1) throw new Error(`Unreadable line: ${line}`);
    current.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return rules;
}

function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name !== "")
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The inline scripts' hashes in script-src: the head's path mark and the prerendered page's script. */
function scriptHashes(csp: Map<string, string[]>): string[] {
  return (csp.get("script-src") ?? []).filter((source) => source.startsWith("'sha256-"));
}

let rules: Rules;
let csp: Map<string, string[]>;

beforeAll(async () => {
  rules = parseHeaders(await read("public/_headers"));
  csp = parseCsp(rules.get("/*")?.get("Content-Security-Policy") ?? "");
});

describe("public/_headers", () => {
  test("the CSP allows this site and the Convex deployment (its covers included), and nothing else", () => {
    const hashes = scriptHashes(csp);
    expect(hashes).toHaveLength(2);
    expect(Object.fromEntries(csp)).toEqual({
      "default-src": ["'self'"],
      // No 'unsafe-inline': the two inline scripts are allowed by their hashes.
      "script-src": ["'self'", ...hashes],
      // The inlined stylesheet changes with every build, and sonner adds its own <style>.
      "style-src": ["'self'", "'unsafe-inline'"],
      // The covers come from the deployment's HTTP actions; nothing loads AniList's images.
      "img-src": ["'self'", "https://*.convex.site"],
      "connect-src": ["'self'", "https://*.convex.cloud", "wss://*.convex.cloud"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
  });

  test("every page gets the other security headers, and hashed assets are cached for good", () => {
    expect(Object.fromEntries(rules.get("/*")!)).toMatchObject({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(Object.fromEntries(rules.get("/assets/*")!)).toEqual({
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });

  test("the operations guide quotes the file as it is", async () => {
    const guide = await read("docs/operations.md");
    const section = guide.slice(guide.indexOf("## Production headers"));
    expect(section).toContain((await read("public/_headers")).trim());
    expect(section).toContain((await read("public/_redirects")).trim());
  });
});

describe("a production build under this policy", () => {
  let outDir: string;
  let html: string;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), "anime-guess-headers-"));
    await promisify(execFile)(
      process.execPath,
      [
        path.join(root, "node_modules/vite/bin/vite.js"),
        "build",
        "--outDir",
        outDir,
        "--emptyOutDir",
        "--logLevel",
        "error",
      ],
      {
        cwd: root,
        env: { ...process.env, VITE_CONVEX_URL: "https://happy-otter-123.convex.cloud" },
      },
    );
    html = await readFile(path.join(outDir, "index.html"), "utf8");
  }, 120_000);

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  test("ships _headers and _redirects beside index.html", async () => {
    expect(await readFile(path.join(outDir, "_headers"), "utf8")).toBe(
      await read("public/_headers"),
    );
    expect(await readFile(path.join(outDir, "_redirects"), "utf8")).toBe(
      await read("public/_redirects"),
    );
  });

  test("index.html's inline scripts are exactly the ones script-src allows by hash", () => {
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
    );
    expect(inline).toEqual(scriptHashes(csp));
    // Every other script is a file of this site.
    for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
      expect(tag).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    }
  });

  test("index.html loads nothing from another host and has no inline event handler", () => {
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
    // What the page loads (links to other pages are navigation, which the CSP leaves alone; a
    // preconnect loads nothing).
    const loaders = [...html.matchAll(/<(?:script|link|img|source)\b[^>]*>/gi)]
      .map(([tag]) => tag)
      .filter((tag) => !/\brel="preconnect"/.test(tag));
    const urls = loaders.flatMap((tag) =>
      [...tag.matchAll(/\b(?:src|href|srcset|imagesrcset)="([^"]+)"/gi)].flatMap(([, value]) =>
        value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]),
      ),
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^\/(?!\/)/);
  });

  test("index.html opens a connection to the deployment, one the policy allows", () => {
    const preconnects = [...html.matchAll(/<link rel="preconnect"[^>]*>/g)].map(([tag]) => tag);
    expect(preconnects).toEqual([
      '<link rel="preconnect" href="https://happy-otter-123.convex.cloud" crossorigin>',
    ]);
    expect(csp.get("connect-src")).toContain("https://*.convex.cloud");
  });
});
