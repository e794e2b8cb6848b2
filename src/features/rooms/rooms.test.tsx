import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createPlayer } from "@convex/model/accounts/users";
import { errorMessages } from "@convex/model/shared/errors";
import { ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann } from "@testing/world";

/** A room with code K7QM2X hosted by someone else, in the state given. */
async function seedRoom(
  backend: InProcessBackend,
  fields: { status: "lobby" | "closed"; playerCount: number },
) {
  await backend.run(async (ctx) => {
    const hostId = await createPlayer(ctx, { email: "host@example.com", username: "Host" });
    await ctx.db.insert("rooms", {
      code: "K7QM2X",
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
    await renderSignedIn("/room/k7qm2x", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `This room is full (${ROOM_MAX_PLAYERS} players)`,
    );
  });

  test("a player locked out after too many wrong codes is told why and until when", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "lobby", playerCount: 1 });
    const until = Date.now() + 2 * 60_000;
    await renderSignedIn("/room/K7QM2X", {
      backend,
      beforeRender: async () => {
        await backend.run(async (ctx) => {
          const user = await ctx.db
            .query("users")
            .withIndex("by_email", (q) => q.eq("email", ann.email))
            .unique();
          await ctx.db.insert("roomJoinAttempts", {
            userId: user!._id,
            failures: [],
            locks: 1,
            lockedUntil: until,
            lastLockAt: Date.now(),
          });
          return null;
        });
      },
    });
    const time = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${errorMessages.ROOM_JOIN_LOCKED}. Try again after ${time.format(until)}`,
    );
    expect(screen.getByRole("link", { name: "Make or join another room" })).toHaveAttribute(
      "href",
      "/room",
    );
  });

  test("a closed room says it has finished", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "closed", playerCount: 1 });
    await renderSignedIn("/room/K7QM2X", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(errorMessages.ROOM_CLOSED);
  });
});
