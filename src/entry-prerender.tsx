import { ConvexReactClient } from "convex/react";
import { StrictMode, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { Providers } from "@/app/providers";
import { makeRoundTemplate, TEMPLATE_SAMPLE_VIEW } from "@/boot/makeRoundTemplate";
import type { RoundTemplate } from "@/boot/roundTemplate";
import { routes } from "@/app/routes";
import { GameScreen } from "@/features/game/GameScreen";
import { loadCredentialsForm } from "@/features/landing/loadCredentialsForm";
import { LeaderboardButton } from "@/features/leaderboard/LeaderboardButton";
import type { GameView } from "@convex/model/game/view";

/**
 * The landing page's HTML as a visitor's browser first renders it (no stored session: signed out
 * from the start, src/app/providers.tsx), so the page is complete without JavaScript: the top bar's
 * Login button, the Daily Challenge card's Start Playing. Run at build time by scripts/prerender;
 * main.tsx then hydrates this markup instead of rendering anew (a returning player's page is
 * rendered anew).
 */
export async function renderLanding(origin = "http://localhost"): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(import.meta.env.BASE_URL, origin)));
  if (context instanceof Response) throw new Error(`"/" answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // In before rendering, so the landing's account forms are in the HTML as they render.
  await loadCredentialsForm();
  return renderWithProviders(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
    { visitor: true },
  );
}

/**
 * What /game's page renders first for `game` (inside the layout's <main>) when the boot has
 * already brought it: Convex Auth still loading, so no live state yet. The header holds what
 * GameRoute composes into it, so React's screen replaces the painted one without a shift.
 */
export function renderGameScreen(game: GameView): Promise<string> {
  return renderWithProviders(<GameScreen boot={game} actions={<LeaderboardButton />} />);
}

/** /game's first render as the template the boot fills (src/boot/roundTemplate.ts). */
export async function renderRoundTemplate(): Promise<RoundTemplate> {
  return makeRoundTemplate(await renderGameScreen(TEMPLATE_SAMPLE_VIEW));
}

async function renderWithProviders(
  page: ReactNode,
  { visitor = false }: { visitor?: boolean } = {},
): Promise<string> {
  // Never connects: a client only opens its socket from effects, and effects do not run here.
  const client = new ConvexReactClient("https://prerender.convex.cloud");
  // `prerender` waits for every lazy component on the page (the toaster), unlike renderToString.
  // An error inside a Suspense boundary would otherwise leave that part to the browser, silently.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client} visitor={visitor}>
        {page}
      </Providers>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // One document, no streaming: a Suspense boundary past React's chunk size (the landing's
      // account forms) would otherwise be outlined and put in place by an inline script, which
      // the CSP does not allow.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  await client.close();
  if (errors.length > 0) throw new AggregateError(errors, "The build's render of a page failed");
  return html;
}
