import { ConvexReactClient } from "convex/react";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { Providers } from "@/app/providers";
import { routes } from "@/app/routes";

/**
 * The landing page's HTML as the browser's first render produces it: Convex Auth still loading,
 * so the top bar shows its spinner and the Daily Challenge button its loading state. Run at build
 * time by scripts/prerender; main.tsx then hydrates this markup instead of rendering anew.
 */
export async function renderLanding(origin = "http://localhost"): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(import.meta.env.BASE_URL, origin)));
  if (context instanceof Response) throw new Error(`"/" answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Never connects: a client only opens its socket from effects, and effects do not run here.
  const client = new ConvexReactClient("https://prerender.convex.cloud");
  // `prerender` waits for every lazy component on the page (the toaster), unlike renderToString.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  await client.close();
  return html;
}
