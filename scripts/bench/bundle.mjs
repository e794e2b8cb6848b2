// Bytes each route downloads before it can run, from the Vite manifest of a production build:
// the entry and its static imports, plus, for a lazy route, the route's module and its static
// imports; a chunk shared by both is counted once.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The routes the benchmark reports, in order; "/" is the eagerly loaded landing page. */
export const BENCH_ROUTES = ["/", "/game", "/leaderboard", "/admin", "/qr"];

/**
 * The Convex session (src/app/providers.tsx): loaded lazily beside the entry, so the landing page
 * hydrates with it but does not count it among its first bytes; every other route needs it at
 * once. In an e2e build the test client stands in for the production one; a build holds one.
 */
export const SESSION_MODULES = [
  "src/app/ConvexSession",
  "src/app/convexClient",
  "testing/e2e/browserClient",
];

/**
 * Each lazy route's module, read from src/app/routes.tsx: `path: "game"` followed by its
 * `import("@/features/game/GamePage")`, so a route added there is measured without a change here.
 */
export function lazyRouteModules(root) {
  const source = readFileSync(path.join(root, "src/app/routes.tsx"), "utf8");
  const modules = new Map();
  // From a `path:` to the first `import(` before the next `path:`.
  const routePattern = /path:\s*"([^"]+)"(?:(?!path:)[\s\S])*?import\("([^"]+)"\)/g;
  for (const [, routePath, specifier] of source.matchAll(routePattern)) {
    if (routePath === "/" || routePath === "*") continue;
    modules.set(`/${routePath}`, specifier.replace(/^@\//, "src/"));
  }
  return modules;
}

function manifestKeyFor(manifest, modulePath) {
  const candidates = ["", ".tsx", ".ts", ".jsx", ".js", "/index.tsx", "/index.ts"].map(
    (suffix) => `${modulePath}${suffix}`,
  );
  return candidates.find((key) => key in manifest);
}

/** The chunk `key` and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function sizes(file) {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content).length };
}

function sum(files, distDir) {
  return [...files].reduce(
    (total, file) => {
      const { raw, gzip } = sizes(path.join(distDir, file));
      return { raw: total.raw + raw, gzip: total.gzip + gzip, files: total.files + 1 };
    },
    { raw: 0, gzip: 0, files: 0 },
  );
}

/**
 * Per route: JavaScript and CSS, raw and gzip, and the chunk files. Also the landing page's HTML
 * document, which carries the prerendered markup and the inlined stylesheet.
 */
export function measureBundle({ root, distDir }) {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} not found: build with \`build.manifest\` on first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const lazyModules = lazyRouteModules(root);
  const routes = {};
  for (const route of BENCH_ROUTES) {
    const chunks = staticClosure(manifest, entryKey);
    if (route !== "/") {
      const modulePath = lazyModules.get(route);
      const key = modulePath && manifestKeyFor(manifest, modulePath);
      if (!key) {
        routes[route] = { missing: modulePath ?? "no lazy route in src/app/routes.tsx" };
        continue;
      }
      staticClosure(manifest, key, chunks);
      for (const sessionModule of SESSION_MODULES) {
        const sessionKey = manifestKeyFor(manifest, sessionModule);
        if (sessionKey) staticClosure(manifest, sessionKey, chunks);
      }
    }
    const js = new Set();
    const css = new Set();
    for (const key of chunks) {
      js.add(manifest[key].file);
      for (const file of manifest[key].css ?? []) css.add(file);
    }
    const jsSize = sum(js, distDir);
    const cssSize = sum(css, distDir);
    routes[route] = {
      js: jsSize,
      css: cssSize,
      total: { raw: jsSize.raw + cssSize.raw, gzip: jsSize.gzip + cssSize.gzip },
      chunks: [...js, ...css].sort(),
    };
  }
  return { routes, html: sizes(path.join(distDir, "index.html")) };
}
