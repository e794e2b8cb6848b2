import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { AppLayout } from "@/app/layout/AppLayout";
import { PageLoading } from "@/app/layout/PageLoading";
import { ErrorPage } from "@/features/errors/ErrorPage";
import { LandingPage } from "@/features/landing/LandingPage";
import { SKIP_TO_DAILY } from "@/features/daily/skipLink";
import { SKIP_TO_GUESS } from "@/features/game/skipLink";
import { importWithReload } from "@/lib/lazyWithReload";

/** A route's page, loaded when first visited (and reloaded into after a deploy removed it). */
function page<Module>(
  load: () => Promise<Module>,
  component: (module: Module) => ComponentType,
): RouteObject["lazy"] {
  return async () => ({ Component: component(await importWithReload(load)) });
}

/**
 * The app's pages. Only the landing page is in the first chunk; every other page is a `lazy`
 * route, loaded through `importWithReload` so a chunk removed by a deploy reloads the page.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: "game",
        handle: { skipLink: SKIP_TO_GUESS },
        lazy: page(
          () => import("@/app/pages/GameRoute"),
          (m) => m.GameRoute,
        ),
      },
      {
        path: "daily",
        handle: { skipLink: SKIP_TO_DAILY },
        lazy: page(
          () => import("@/features/daily/DailyPage"),
          (m) => m.DailyPage,
        ),
      },
      {
        path: "leaderboard",
        lazy: page(
          () => import("@/features/leaderboard/LeaderboardPage"),
          (m) => m.LeaderboardPage,
        ),
      },
      {
        path: "admin",
        lazy: page(
          () => import("@/features/admin/AdminPage"),
          (m) => m.AdminPage,
        ),
      },
      {
        path: "make-admin",
        lazy: page(
          () => import("@/features/admin/MakeAdminPage"),
          (m) => m.MakeAdminPage,
        ),
      },
      {
        // RESET_LINK_PATH: where a reset e-mail's link leads.
        path: "reset",
        lazy: page(
          () => import("@/features/auth/ResetLinkPage"),
          (m) => m.ResetLinkPage,
        ),
      },
      {
        path: "qr",
        lazy: page(
          () => import("@/features/qr/QrPage"),
          (m) => m.QrPage,
        ),
      },
      {
        path: "me",
        lazy: page(
          () => import("@/features/stats/MePage"),
          (m) => m.MePage,
        ),
      },
      {
        path: "profile",
        lazy: page(
          () => import("@/features/profile/ProfilePage"),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: "room",
        lazy: page(
          () => import("@/features/rooms/RoomsHomePage"),
          (m) => m.RoomsHomePage,
        ),
      },
      {
        path: "room/:code",
        lazy: page(
          () => import("@/features/rooms/RoomPage"),
          (m) => m.RoomPage,
        ),
      },
      {
        path: "*",
        lazy: page(
          () => import("@/features/errors/NotFoundPage"),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
