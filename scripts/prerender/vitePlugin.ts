import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import {
  APP_WAIT_LIMIT_MS,
  AUTH_TOKEN_KEY_PREFIX,
  EARLY_GAME_ROUTE,
  START_APP_GLOBAL,
} from "../../src/features/game/earlyOpenProtocol.ts";
import type { RoundTemplate } from "../../src/features/game/roundTemplate.ts";
import { E2E_BASE_PATH } from "../../testing/e2e/protocol.ts";
import { lazyRouteModules, SESSION_MODULES } from "../bench/bundle.mjs";

const ENTRY = "src/entry-prerender.tsx";
/** index.html's /game script (see openGameEarly.ts). */
const OPEN_GAME_SCRIPT = "src/features/game/openGameEarly.ts";
const EMPTY_ROOT = '<div id="root"></div>';
/** Read by src/main.tsx. */
const EARLY_CLICK_GLOBAL = "__landingEarlyClick";
/** The data the inline script reads: kept out of the script so that its CSP hash stays the same. */
const DATA_ID = "boot-data";

/**
 * After `vite build`, writes the landing page's HTML into the built index.html, and its stylesheet
 * inline, so that the page paints before any JavaScript runs; main.tsx then hydrates it. The HTML
 * comes from an SSR build of src/entry-prerender.tsx, rendered in Node. Every other path is served
 * the same index.html by the host's single-page fallback, so a small inline script there empties
 * the root before it paints: those pages are rendered by the browser as before.
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
      // The inline script below starts the entry and preloads its imports (see beforeScripts).
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
      if (!entry) throw new Error(`${indexPath} has no module script`);
      const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
      const data = {
        entry: entry[1],
        entryImports: preloads.map(([, href]) => href),
        ...(await routeChunks(config, outDir)),
        convexUrl: convexUrlOf(config),
        openGame: await writeOpenGameScript(config, outDir, roundTemplate),
      };
      let html = page;
      for (const [tag] of [entry, ...preloads]) html = html.replace(tag, "");
      html = html.replace(
        EMPTY_ROOT,
        `<div id="root">${body}</div>` +
          `<script type="application/json" id="${DATA_ID}">${JSON.stringify(data)}</script>` +
          `<script>${beforeScripts(config.base)}</script>`,
      );
      html = html.replace(/<\/head>/, (head) => `${hoisted}\n  ${head}`);
      // First in the head, so that it runs before any of the body is parsed.
      html = html.replace(
        /<title>/,
        (title) => `<script>${markOtherPath(config.base)}</script>\n    ${title}`,
      );
      html = await inlineStylesheets(html, outDir, config.base);
      await writeFile(indexPath, html);
      config.logger.info(
        `prerendered the landing page into ${path.relative(config.root, indexPath)}; ` +
          `a Content-Security-Policy allows its inline code with ${inlineHashes(html)}`,
      );
    },
  };
}

/** How long the landing page waits for its first paint to be reported before it starts anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** Set on <html> while another path's page still holds the landing page's markup. */
const STALE_MARKUP_ATTRIBUTE = "data-landing-markup";

/**
 * In the head, on any path but the landing page: marks the document so that src/index.css hides
 * the landing page's content and its sky from the first frame on. The parser may paint what it
 * has parsed before it reaches the script after the root, which empties that content.
 */
function markOtherPath(base: string): string {
  return `if(location.pathname!==${JSON.stringify(base)})document.documentElement.setAttribute("${STALE_MARKUP_ATTRIBUTE}","")`;
}

/**
 * Runs as soon as the root is parsed. On any path but the landing page it empties the page's
 * main part and lifts markOtherPath's mark in the same task, so that page never shows the
 * landing page's content but paints the top bar (the same on every page) at once; then it starts
 * the main script with everything that page needs at once, preloaded together: the main script
 * first (the largest download, so it waits for no connection), then its imports, the Convex
 * session's chunks and that route's own (from the data written beside it).
 * On /game, when Convex Auth holds a token, it loads the script that asks for the round and
 * paints it (openGameEarly.ts) and leaves the start to it (START_APP_GLOBAL), at most
 * APP_WAIT_LIMIT_MS later: the round's few kilobytes then never share the connection with the
 * app's 160, and the round is on screen about a second sooner on a slow phone.
 * On the landing page it starts the main script only once the browser reports the page's first
 * paint (two animation frames later where paint timing is missing; at most PAINT_WAIT_LIMIT_MS
 * later), so no download competes with the first paint and no script takes the main thread
 * before it. Two animation frames alone were not always enough: the paint is shown a little
 * after its frame, and a fast download could end before it. It also remembers the last button clicked before React has
 * hydrated the page, which src/main.tsx clicks again then (links need nothing: they work as
 * plain links meanwhile). It listens on the document in the capture phase: React, once started,
 * stops clicks on the parts it has not hydrated yet.
 */
function beforeScripts(base: string): string {
  return `(function(){var root=document.getElementById("root"),base=${JSON.stringify(base)},data=JSON.parse(document.getElementById("${DATA_ID}").textContent);function preload(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)}function start(more){var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=data.entry;document.head.appendChild(script);data.entryImports.concat(more).forEach(preload)}if(location.pathname!==base){var main=root.querySelector("main");if(main)main.replaceChildren();else root.replaceChildren();document.documentElement.removeAttribute("${STALE_MARKUP_ATTRIBUTE}");var route="/"+location.pathname.slice(base.length).replace(/[/]+$/,"");var more=data.session.concat(data.routes[route]||[]),token=false;try{token=Object.keys(localStorage).some(function(key){return key.indexOf("${AUTH_TOKEN_KEY_PREFIX}")===0})}catch(error){}if(route===${JSON.stringify(EARLY_GAME_ROUTE)}&&token){var started=false,startApp=window.${START_APP_GLOBAL}=function(){if(!started){started=true;start(more)}},open=document.createElement("script");open.src=data.openGame;open.onerror=startApp;document.head.appendChild(open);setTimeout(startApp,${APP_WAIT_LIMIT_MS});return}start(more);return}var early={button:null};function remember(event){var button=event.target.closest&&event.target.closest("button");if(button&&root.contains(button))early.button=button}document.addEventListener("click",remember,true);early.stop=function(){document.removeEventListener("click",remember,true)};window.${EARLY_CLICK_GLOBAL}=early;var started=false;function afterPaint(){if(!started){started=true;start([])}}if(document.visibilityState==="hidden")afterPaint();else if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)requestAnimationFrame(function(){requestAnimationFrame(afterPaint)});else{new PerformanceObserver(function(list,observer){observer.disconnect();afterPaint()}).observe({type:"paint",buffered:true});setTimeout(afterPaint,${PAINT_WAIT_LIMIT_MS})}})()`;
}

/**
 * Builds index.html's /game script (openGameEarly.ts, with the game screen's template put in) into
 * the built assets, named by its content; its URL. It is a file rather than inline code, so that
 * index.html stays within what a slow connection's first round trip brings (about 14 kB).
 */
async function writeOpenGameScript(
  config: ResolvedConfig,
  outDir: string,
  roundTemplate: RoundTemplate,
): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: "warn",
    define: { ROUND_TEMPLATE: JSON.stringify(roundTemplate) },
    build: {
      write: false,
      minify: true,
      lib: { entry: OPEN_GAME_SCRIPT, formats: ["iife"], name: "openGameEarly" },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((result) => ("output" in result ? result.output : []))
    .find((file) => file.type === "chunk");
  if (chunk === undefined || chunk.type !== "chunk")
    throw new Error(`${OPEN_GAME_SCRIPT} built no script`);
  const hash = createHash("sha256").update(chunk.code).digest("base64url").slice(0, 8);
  const file = `assets/open-game-${hash}.js`;
  await writeFile(path.join(outDir, file), chunk.code);
  return config.base + file;
}

/**
 * The Convex deployment's address as the app's client has it (Convex Auth names its storage after
 * it): VITE_CONVEX_URL, or in the e2e build the preview server's test backend on the page's own
 * origin (src/testing/e2e/browserClient.ts).
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
