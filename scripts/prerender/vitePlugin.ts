import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { BOOT_DATA_ID, type BootData } from "../../src/boot/protocol.ts";
import type { RoundTemplate } from "../../src/boot/roundTemplate.ts";
import { E2E_BASE_PATH } from "../../testing/e2e/protocol.ts";
import { lazyRouteModules, SESSION_MODULES } from "../bench/bundle.mjs";
import { convexOrigins, preconnectLink } from "./preconnect.ts";

const ENTRY = "src/entry-prerender.tsx";
const EMPTY_ROOT = '<div id="root"></div>';
/** The boot (src/boot): the head's script and the root's, inline; /game's, a file. */
const BOOT = {
  head: "src/boot/head.ts",
  start: "src/boot/start.ts",
  game: "src/boot/game.ts",
};

/**
 * After `vite build`, writes the landing page's HTML into the built index.html, and its stylesheet
 * inline, so that the page paints before any JavaScript runs; main.tsx then hydrates it. The HTML
 * comes from an SSR build of src/entry-prerender.tsx, rendered in Node. Every other path is served
 * the same index.html by the host's single-page fallback, so the boot's script there empties the
 * root before it paints: those pages are rendered by the browser as before. The boot's scripts
 * (src/boot) are built here, each on its own: two inline, and /game's as a file.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "anime-guess:prerender-landing",
    apply: (userConfig, { command }) => command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexPath = path.join(outDir, "index.html");
      const page = await readFile(indexPath, "utf8");
      if (!page.includes(EMPTY_ROOT)) throw new Error(`${indexPath} has no empty ${EMPTY_ROOT}`);

      const { landing, roundTemplate } = await renderWithSsrBuild(config);
      // React hoists the links it renders (preloads) ahead of the markup; they belong in the head.
      const { hoisted, body } = splitHoistedLinks(landing);
      // The boot starts the entry and preloads its imports (src/boot/start.ts).
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
      if (!entry) throw new Error(`${indexPath} has no module script`);
      const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
      const convexUrl = convexUrlOf(config);
      const convex = convexOrigins(
        convexUrl,
        config.env.VITE_CONVEX_SITE_URL as string | undefined,
      );
      const data: BootData = {
        entry: entry[1],
        entryImports: preloads.map(([, href]) => href),
        ...(await routeChunks(config, outDir)),
        convexUrl,
        convexSite: convex?.site ?? null,
        game: await writeGameScript(config, outDir, roundTemplate),
      };
      let html = page;
      for (const [tag] of [entry, ...preloads]) html = html.replace(tag, "");
      html = html.replace(
        EMPTY_ROOT,
        `<div id="root">${body}</div>` +
          // Data kept out of the script, so that its CSP hash stays the same from build to build.
          `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data)}</script>` +
          `<script>${await buildBootScript(config, BOOT.start)}</script>`,
      );
      html = html.replace(/<\/head>/, (head) => `${hoisted}\n  ${head}`);
      // First in the head, so that it runs before any of the body is parsed.
      const head = await buildBootScript(config, BOOT.head);
      html = html.replace(/<title>/, (title) => `<script>${head}</script>\n    ${title}`);
      // The deployment's connection, opened while the page loads (preconnect.ts).
      if (convex !== null) {
        html = html.replace(/<title>/, (title) => `${preconnectLink(convex)}\n    ${title}`);
      }
      html = await inlineStylesheets(html, outDir, config.base);
      await writeFile(indexPath, html);
      config.logger.info(
        `prerendered the landing page into ${path.relative(config.root, indexPath)}; ` +
          `a Content-Security-Policy allows its inline code with ${inlineHashes(html)}`,
      );
    },
  };
}

/**
 * Builds one script of the boot (src/boot), minified and on its own: no imports at run time,
 * `define`d values put in; its code.
 */
async function buildBootScript(
  config: ResolvedConfig,
  entry: string,
  define: Record<string, string> = {},
): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    logLevel: "warn",
    resolve: { alias: config.resolve.alias },
    define,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["iife"], name: "boot" },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((result) => ("output" in result ? result.output : []))
    .find((file) => file.type === "chunk");
  if (chunk === undefined || chunk.type !== "chunk") throw new Error(`${entry} built no script`);
  return chunk.code.trim();
}

/**
 * Builds the boot's /game script (src/boot/game.ts, with the game screen's template put in) into
 * the built assets, named by its content; its URL. It is a file rather than inline code, so that
 * index.html stays within what a slow connection's first round trip brings (about 14 kB).
 */
async function writeGameScript(
  config: ResolvedConfig,
  outDir: string,
  roundTemplate: RoundTemplate,
): Promise<string> {
  const code = await buildBootScript(config, BOOT.game, {
    ROUND_TEMPLATE: JSON.stringify(roundTemplate),
  });
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const file = `assets/boot-game-${hash}.js`;
  await writeFile(path.join(outDir, file), code);
  return config.base + file;
}

/**
 * The Convex deployment's address as the app's client has it (Convex Auth names its storage after
 * it): VITE_CONVEX_URL, or in the e2e build the preview server's test backend on the page's own
 * origin (testing/e2e/browserClient.ts).
 */
function convexUrlOf(config: ResolvedConfig): string {
  const url: unknown = config.env.VITE_CONVEX_URL;
  return config.mode === "e2e" ? E2E_BASE_PATH : typeof url === "string" ? url : "";
}

/**
 * Each lazy route's chunks that the entry does not already load, by path ("/game": [URLs]), from
 * the build's manifest and the routes in src/app/routes.tsx; and the Convex session's chunks,
 * which every page but the landing page needs at once (SESSION_MODULES).
 */
async function routeChunks(
  config: ResolvedConfig,
  outDir: string,
): Promise<{ routes: Record<string, string[]>; session: string[] }> {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(
    await readFile(path.join(outDir, ".vite", "manifest.json"), "utf8"),
  ) as Record<string, Chunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !(key in manifest)) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  const routes: Record<string, string[]> = {};
  for (const [route, modulePath] of lazyRouteModules(config.root) as Map<string, string>) {
    const key = [".tsx", ".ts", ""].map((suffix) => modulePath + suffix).find((k) => k in manifest);
    if (!key) throw new Error(`${modulePath} (route ${route}) is not in the build's manifest`);
    routes[route] = [...closure(key)]
      .filter((k) => !loaded.has(k))
      .map((k) => config.base + manifest[k].file);
  }
  const session = new Set<string>();
  for (const modulePath of SESSION_MODULES) {
    const key = [".tsx", ".ts"].map((suffix) => modulePath + suffix).find((k) => k in manifest);
    if (key) closure(key, session);
  }
  return {
    routes,
    session: [...session].filter((k) => !loaded.has(k)).map((k) => config.base + manifest[k].file),
  };
}

/**
 * Builds the prerender entry for Node in the build's mode, loads it and renders "/" and the
 * template of /game's round.
 */
async function renderWithSsrBuild(
  config: ResolvedConfig,
): Promise<{ landing: string; roundTemplate: RoundTemplate }> {
  // Inside node_modules so that the bundle's bare imports (react, convex…) resolve.
  const tmpRoot = path.join(config.root, "node_modules", ".tmp");
  await mkdir(tmpRoot, { recursive: true });
  const ssrOutDir = await mkdtemp(path.join(tmpRoot, "prerender-"));
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: "warn",
      build: {
        ssr: ENTRY,
        outDir: ssrOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        manifest: false,
        rollupOptions: { output: { entryFileNames: "entry-prerender.mjs" } },
      },
    });
    const entry = pathToFileURL(path.join(ssrOutDir, "entry-prerender.mjs")).href;
    const { renderLanding, renderRoundTemplate } = (await import(entry)) as {
      renderLanding: () => Promise<string>;
      renderRoundTemplate: () => Promise<RoundTemplate>;
    };
    return { landing: await renderLanding(), roundTemplate: await renderRoundTemplate() };
  } finally {
    await rm(ssrOutDir, { recursive: true, force: true });
  }
}

/** The links React hoists ahead of the markup, and the markup. */
function splitHoistedLinks(markup: string): { hoisted: string; body: string } {
  const hoisted = /^(?:<link\b[^>]*>)*/.exec(markup)?.[0] ?? "";
  return { hoisted, body: markup.slice(hoisted.length) };
}

/**
 * Replaces the stylesheet links with the stylesheets themselves: the whole of Tailwind's output
 * for this app is about 9 kB gzip, less than a round trip's worth of bytes on a slow phone, so
 * the first paint waits for no second request and the rules the app needs later are all there.
 */
async function inlineStylesheets(html: string, outDir: string, base: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*?href="([^"]+\.css)"[^>]*>/g)];
  for (const [tag, href] of links) {
    if (!href.startsWith(base)) continue;
    const css = await readFile(path.join(outDir, href.slice(base.length)), "utf8");
    // Relative url()s would resolve against the page instead of the stylesheet.
    if (css.includes("</style") || /url\((?!["']?(?:data:|\/|https?:))/.test(css)) continue;
    html = html.replace(tag, () => `<style>${css.trim()}</style>`);
  }
  return html;
}

/** The CSP sources naming index.html's inline scripts and stylesheets by hash. */
function inlineHashes(html: string): string {
  const hash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => hash(code));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, code]) => hash(code));
  return `script-src ${scripts.join(" ")}; style-src ${styles.join(" ")}`;
}
