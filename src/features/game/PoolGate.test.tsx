import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { errorMessages } from "@convex/model/shared/errors";
import { DAILY_ANIME_COUNT } from "@convex/model/shared/rules";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann } from "@testing/fixtures/accounts";
import { seedAnime, seedDaily, setRoles } from "@testing/world";

// A pool so small that today's Daily holds every anime ready: the game and a room say why and
// what can be done, instead of waiting for a pool that is not filling.

/** A pool of exactly one Daily, chosen. */
async function poolOfTheDaily(backend: InProcessBackend) {
  await seedDaily(backend, await seedAnime(backend, DAILY_ANIME_COUNT));
}

// jsdom draws nothing on a canvas (the room lobby's QR code).
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

describe("a pool the Daily holds whole", () => {
  test("the game says why, a player is told to check back, and a round comes once the pool grows", async () => {
    const backend = new InProcessBackend();
    await poolOfTheDaily(backend);
    await renderSignedIn("/game", { backend });

    expect(
      await screen.findByRole("heading", { name: "Not enough anime to play yet" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Only 5 anime are ready, and today's and tomorrow's Daily hold them all: the game never deals the Daily's anime.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The game's pool is still being filled; check back later."),
    ).toBeInTheDocument();

    await seedAnime(backend, 1);
    expect(await screen.findByRole("heading", { name: "Clue" })).toBeInTheDocument();
  });

  test("an admin is told how to fill the pool", async () => {
    const backend = new InProcessBackend();
    await poolOfTheDaily(backend);
    await renderSignedIn("/game", {
      backend,
      beforeRender: async () => await setRoles(backend, { email: ann.email }, { isAdmin: true }),
    });
    expect(await screen.findByText(/An admin can fill the pool/)).toBeInTheDocument();
    expect(screen.getByText("npx convex run catalogue:fillPool")).toBeInTheDocument();
  });

  test("a room's Start says why, and an admin host is told how to fill the pool", async () => {
    const user = userEvent.setup();
    const backend = new InProcessBackend();
    await poolOfTheDaily(backend);
    await renderSignedIn("/room", {
      backend,
      beforeRender: async () => await setRoles(backend, { email: ann.email }, { isAdmin: true }),
    });
    await user.click(await screen.findByRole("button", { name: "Make a room" }));
    await user.click(await screen.findByRole("button", { name: "Start" }));
    // Said where Start was, until the host tries again (a toast would fade).
    const refusal = await screen.findByRole("alert");
    expect(refusal).toHaveTextContent(`${errorMessages.ROOM_POOL_TOO_SMALL}.`);
    expect(refusal).toHaveTextContent(
      "An admin can fill the pool: npx convex run catalogue:fillPool",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
