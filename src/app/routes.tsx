import type { RouteObject } from "react-router-dom";
import { AppLayout } from "@/components/layout/AppLayout";
import { PageLoading } from "@/components/layout/PageLoading";
import { ErrorPage } from "@/features/errors/ErrorPage";
import { LandingPage } from "@/features/landing/LandingPage";
import { importWithReload } from "@/lib/lazyWithReload";

/**
 * The app's pages. Only the landing page is in the first chunk; every other page is a `lazy`
 * route, loaded through `importWithReload` so a chunk removed by a deploy reloads the page.
 * /game, /leaderboard, /admin, /make-admin and /qr join the layout's children with their issues.
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
        lazy: async () => {
          const { GamePage } = await importWithReload(() => import("@/features/game/GamePage"));
          return { Component: GamePage };
        },
      },
      {
        path: "leaderboard",
        lazy: async () => {
          const { LeaderboardPage } = await importWithReload(
            () => import("@/features/leaderboard/LeaderboardPage"),
          );
          return { Component: LeaderboardPage };
        },
      },
      {
        path: "admin",
        lazy: async () => {
          const { AdminPage } = await importWithReload(() => import("@/features/admin/AdminPage"));
          return { Component: AdminPage };
        },
      },
      {
        path: "make-admin",
        lazy: async () => {
          const { MakeAdminPage } = await importWithReload(
            () => import("@/features/admin/MakeAdminPage"),
          );
          return { Component: MakeAdminPage };
        },
      },
      {
        path: "qr",
        lazy: async () => {
          const { QrPage } = await importWithReload(() => import("@/features/qr/QrPage"));
          return { Component: QrPage };
        },
      },
      {
        path: "room",
        lazy: async () => {
          const { RoomsHomePage } = await importWithReload(
            () => import("@/features/rooms/RoomsHomePage"),
          );
          return { Component: RoomsHomePage };
        },
      },
      {
        path: "room/:code",
        lazy: async () => {
          const { RoomPage } = await importWithReload(() => import("@/features/rooms/RoomPage"));
          return { Component: RoomPage };
        },
      },
      {
        path: "*",
        lazy: async () => {
          const { NotFoundPage } = await importWithReload(
            () => import("@/features/errors/NotFoundPage"),
          );
          return { Component: NotFoundPage };
        },
      },
    ],
  },
];
