import type { Plugin } from "vite";
import { E2E_BASE_PATH } from "./protocol.ts";

/** Set by `npm run preview:offline` (scripts/preview-offline.mjs): the backend holds a sample pool. */
export const OFFLINE_PREVIEW_ENV = "ANIME_GUESS_PREVIEW";

/**
 * In `vite preview --mode e2e`, mounts the convex-test backend in the preview
 * server. The server module is loaded through Vite's SSR loader, which
 * compiles the project's TypeScript Convex functions, so convex-test never
 * enters a browser bundle. Any other mode leaves the server untouched.
 * With ANIME_GUESS_PREVIEW=offline it is the offline preview: a seeded pool,
 * and how to become admin printed once the server listens.
 */
export function e2eTestBackend(): Plugin {
  return {
    name: "anime-guess:e2e-test-backend",
    async configurePreviewServer(server) {
      if (server.config.mode !== "e2e") return;
      const { createServer } = await import("vite");
      const loader = await createServer({
        configFile: false,
        root: server.config.root,
        resolve: { alias: server.config.resolve.alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
        logLevel: "warn",
      });
      const { createTestServer } = (await loader.ssrLoadModule(
        "/testing/e2e/testServer.ts",
      )) as typeof import("./testServer");
      const offline = process.env[OFFLINE_PREVIEW_ENV] === "offline";
      const testServer = createTestServer({ offline });
      if (offline) {
        server.httpServer.once("listening", () => {
          const address = server.httpServer.address();
          const port = typeof address === "object" && address !== null ? address.port : 4173;
          void testServer.offlineHelp(`http://localhost:${port}`).then((help) => console.log(help));
        });
      }
      server.httpServer.once("close", () => {
        testServer.close();
        void loader.close();
      });
      server.middlewares.use(E2E_BASE_PATH, (req, res) => {
        void testServer.handle(req, res, req.url ?? "/");
      });
    },
  };
}
