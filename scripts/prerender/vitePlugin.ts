import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { lazyRouteModules, SESSION_MODULES } from "../bench/bundle.mjs";

const ENTRY = "src/entry-prerender.tsx";
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

      const landing = await renderWithSsrBuild(config);
      // React hoists the LCP image's preload ahead of the markup; it belongs in the head.
      const { hoisted, body } = splitHoistedLinks(landing);
      const data = await routeChunks(config, outDir);
      let html = page.replace(
        EMPTY_ROOT,
        `<div id="root">${deferHero(body)}</div>` +
          `<script type="application/json" id="${DATA_ID}">${JSON.stringify(data)}</script>` +
          `<script>${beforeScripts(config.base)}</script>`,
      );
      html = html.replace(/<script type="module"/, (script) => `${hoisted}\n    ${script}`);
      // In the head, before the inlined stylesheet: the hero starts downloading as early as the
      // HTML allows, on "/" only.
      html = html.replace(
        /<title>/,
        (title) => `<script>${heroPreload(config.base, body)}</script>
    ${title}`,
      );
      html = await inlineStylesheets(html, outDir, config.base);
      html = lowerScriptPriority(html);
      await writeFile(indexPath, html);
      config.logger.info(
        `prerendered the landing page into ${path.relative(config.root, indexPath)}; ` +
          `a Content-Security-Policy allows its inline code with ${inlineHashes(html)}`,
      );
    },
  };
}

/**
 * Runs as soon as the root is parsed. On any path but the landing page it empties the root, so
 * that page never shows the landing page's markup, and preloads the Convex session's chunks and
 * that route's own (from the data written beside it), so they download with the main script
 * instead of after it. On the landing page it starts the hero image (see deferHero) and remembers
 * the last button clicked before React has hydrated the page, which src/main.tsx clicks again
 * then (links need nothing: they work as plain links meanwhile). It listens on the document in
 * the capture phase: React, once started, stops clicks on the parts it has not hydrated yet.
 */
function beforeScripts(base: string): string {
  return `(function(){var root=document.getElementById("root"),base=${JSON.stringify(base)},data=JSON.parse(document.getElementById("${DATA_ID}").textContent);if(location.pathname!==base){root.replaceChildren();var route="/"+location.pathname.slice(base.length).replace(/[/]+$/,"");data.session.concat(data.routes[route]||[]).forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});return}root.querySelectorAll("img[data-srcset]").forEach(function(img){img.srcset=img.getAttribute("data-srcset");img.src=img.getAttribute("data-src")});var early={button:null};function remember(event){var button=event.target.closest&&event.target.closest("button");if(button&&root.contains(button))early.button=button}document.addEventListener("click",remember,true);early.stop=function(){document.removeEventListener("click",remember,true)};window.${EARLY_CLICK_GLOBAL}=early})()`;
}

/**
 * On "/" only, a high-priority preload of the hero image (its srcset and sizes, so that the <img>
 * uses the same response), from the head. The sources are public files with stable names, so
 * this script's CSP hash stays the same from build to build.
 */
function heroPreload(base: string, markup: string): string {
  const hero = /<img\b(?=[^>]*fetchpriority="high")[^>]*>/i.exec(markup)?.[0];
  const attribute = (name: string) =>
    hero && new RegExp(`\\s${name}="([^"]*)"`, "i").exec(hero)?.[1];
  const srcset = attribute("srcset");
  const sizes = attribute("sizes");
  if (!srcset || !sizes)
    throw new Error("The landing page has no hero <img> with srcset and sizes");
  const decode = (value: string) => value.replace(/&amp;/g, "&");
  return `(function(){if(location.pathname!==${JSON.stringify(base)})return;var link=document.createElement("link");link.rel="preload";link.as="image";link.imageSrcset=${JSON.stringify(decode(srcset))};link.imageSizes=${JSON.stringify(decode(sizes))};link.fetchPriority="high";document.head.appendChild(link)})()`;
}

/**
 * The hero image loads only on the landing page: in the HTML its sources wait in data-
 * attributes, which the inline script right after the root copies over on "/" alone (every path
 * is served this HTML, and an <img> in it would be fetched on all of them).
 */
function deferHero(markup: string): string {
  return markup.replace(/<img\b[^>]*>/g, (tag) =>
    /fetchpriority="high"/i.test(tag)
      ? tag.replace(/\s(src|srcset)="/gi, (_, name: string) => ` data-${name.toLowerCase()}="`)
      : tag,
  );
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

/** Builds the prerender entry for Node in the build's mode, loads it and renders "/". */
async function renderWithSsrBuild(config: ResolvedConfig): Promise<string> {
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
    const { renderLanding } = (await import(entry)) as { renderLanding: () => Promise<string> };
    return await renderLanding();
  } finally {
    await rm(ssrOutDir, { recursive: true, force: true });
  }
}

/** The links React hoists ahead of the markup, but the hero's preload (see deferHero). */
function splitHoistedLinks(markup: string): { hoisted: string; body: string } {
  const leadingLinks = /^(?:<link\b[^>]*>)*/.exec(markup)?.[0] ?? "";
  const hoisted = leadingLinks.replace(
    /<link\b(?=[^>]*rel="preload")(?=[^>]*as="image")[^>]*>/g,
    "",
  );
  return { hoisted, body: markup.slice(leadingLinks.length) };
}

/**
 * The landing page no longer needs its scripts to paint, so they should not compete with the
 * background image (the largest paint) for a slow connection: the browser still fetches them at
 * once, after the image. (Pages other than "/" wait for them as before, with the image as their
 * only competitor.)
 */
function lowerScriptPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
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
