import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann } from "@testing/fixtures/accounts";
import { insertRefresh } from "@testing/fixtures/refreshes";
import { seedAnime, setRoles, todaysNumber } from "@testing/world";

// The Daily's page while the pool cannot fill a Daily: the wait that opens it by itself, and the
// pool too small, with what a player and an admin can do.

/** A refresh record as the fill leaves it while it runs (its jobs are not needed here). */
async function fillRunning(backend: InProcessBackend) {
  await backend.run(async (ctx) => {
    await insertRefresh(ctx, { trigger: "emptyPool", pagesFetched: 1, itemCount: 5 });
  });
}

describe("the Daily before its pool is ready", () => {
  test("waits with the count while the pool fills, and opens the Daily once 5 are ready, without a reload", async () => {
    const backend = new InProcessBackend();
    await fillRunning(backend);
    await seedAnime(backend, 3);
    await renderSignedIn("/daily", { backend });

    expect(
      await screen.findByRole("heading", { name: "Today's Daily is on its way" }),
    ).toBeInTheDocument();
    // The wait's own status line (the top bar may still show its loading spinner, also a status).
    const statuses = screen.getAllByRole("status").map((status) => status.textContent);
    expect(statuses).toContain("3 of 5 anime ready");

    await seedAnime(backend, 2);
    expect(
      await screen.findByRole("heading", { name: `Daily #${todaysNumber()}` }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Anime 1 of 5")).toBeInTheDocument();
  });

  test("a pool too small with nothing filling it says why; a player is told to check back", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 4);
    await renderSignedIn("/daily", { backend });

    expect(
      await screen.findByRole("heading", { name: "Not enough anime for a Daily yet" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Only 4 anime are ready, and the Daily needs 5.")).toBeInTheDocument();
    expect(
      screen.getByText("The game's pool is still being filled; check back later."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/npx convex run/)).not.toBeInTheDocument();
  });

  test("an admin is told how to fill it", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 4);
    await renderSignedIn("/daily", {
      backend,
      beforeRender: async () => await setRoles(backend, { email: ann.email }, { isAdmin: true }),
    });

    expect(await screen.findByText(/An admin can fill the pool/)).toBeInTheDocument();
    expect(screen.getByText("npx convex run catalogue:fillPool")).toBeInTheDocument();
  });
});
