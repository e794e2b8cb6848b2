// A signed-in player's /game shows the clue within two round trips of the app starting.
import { screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { seedAnime } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";

test("the clue is on screen after two round trips: the sign-in's, then the visit's", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  // The page's code is here, as in the browser, where index.html preloads it beside the app's
  // (scripts/prerender): the count is of requests to Convex.
  await import("./GamePage");
  const { client } = await renderSignedIn("/game", { backend });

  let roundTripsWhenShown = Infinity;
  await waitFor(() => {
    expect(screen.getByRole("heading", { name: "Clue" })).toBeInTheDocument();
    roundTripsWhenShown = Math.min(roundTripsWhenShown, client.roundTrips);
  });
  const sent = client.requests.map(({ kind, path, roundTrip }) => `${roundTrip} ${kind} ${path}`);
  expect(roundTripsWhenShown).toBeLessThanOrEqual(2);
  expect(sent).toContain("1 authenticate ");
  // The visit opens beside the profile's query, not after it, and returns the screen itself.
  expect(sent).toContain("2 mutation game:open");
  expect(sent).toContain("2 query users:viewer");
  expect(sent.filter((request) => request.endsWith("game:open"))).toHaveLength(1);
});

test("the clue comes with the visit's own answer, even before the live state has one", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 3);
  // The live game state says "no game yet" here: the screen shows what game:open returned.
  const call = backend.call.bind(backend);
  vi.spyOn(backend, "call").mockImplementation(async (kind, path, args, token) => {
    if (path === "game:state") return { status: "success", value: null };
    return await call(kind, path, args, token);
  });
  await renderSignedIn("/game", { backend });
  const heading = await screen.findByRole("heading", { name: "Clue" });
  expect(heading.nextElementSibling!.textContent).not.toBe("");
  expect(screen.getByText("Daily Guesses: 20/20")).toBeInTheDocument();
});
