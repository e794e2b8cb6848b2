import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createPlayer } from "@convex/model/accounts/users";
import { errorMessages } from "@convex/model/shared/errors";
import { ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";

/** A room with code K7QM hosted by someone else, in the state given. */
async function seedRoom(
  backend: InProcessBackend,
  fields: { status: "lobby" | "closed"; playerCount: number },
) {
  await backend.run(async (ctx) => {
    const hostId = await createPlayer(ctx, { email: "host@example.com", username: "Host" });
    await ctx.db.insert("rooms", {
      code: "K7QM",
      hostId,
      createdBy: hostId,
      rounds: 5,
      seconds: 60,
      roundNumber: 0,
      createdAt: Date.now(),
      lastPresentAt: Date.now(),
      ...fields,
    });
    return null;
  });
}

// jsdom draws nothing on a canvas (the lobby's QR code): the browser test looks at it.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

describe("/room/:code", () => {
  test("a full room refuses a newcomer with a clear message", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "lobby", playerCount: ROOM_MAX_PLAYERS });
    await renderSignedIn("/room/k7qm", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `This room is full (${ROOM_MAX_PLAYERS} players)`,
    );
  });

  test("a closed room says it has finished", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "closed", playerCount: 1 });
    await renderSignedIn("/room/K7QM", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(errorMessages.ROOM_CLOSED);
  });
});
