import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createPlayer } from "@convex/model/accounts/users";
import { errorMessages } from "@convex/model/shared/errors";
import { ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, seedAnime, useUpBudget } from "@testing/world";

/** A room with code K7QM2X hosted by someone else, in the state given. */
async function seedRoom(
  backend: InProcessBackend,
  fields: { status: "lobby" | "closed"; playerCount: number; linkSecret?: string },
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

const SECRET = "0123456789abcdef0123456789abcdef";

describe("/room/:code", () => {
  test("a private room opened by its code alone is no room at all; its link lets the player in", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "lobby", playerCount: 1, linkSecret: SECRET });
    const typed = await renderSignedIn("/room/K7QM2X", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(errorMessages.ROOM_NOT_FOUND);
    typed.unmount();

    await renderSignedIn(`/room/K7QM2X#${SECRET}`, {
      backend,
      player: { ...ann, email: "ben@example.com", username: "Ben" },
    });
    expect(await screen.findByTestId("room-code")).toHaveTextContent("K7QM2X");
    expect(
      screen.getByText(/Private: only people with this link or QR code can join/),
    ).toBeVisible();
    expect(screen.getByText("Waiting for the host to start", { exact: false })).toBeVisible();
  });

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

  test("while the game's budget of wrong codes is used up, a code is refused with a plain message and a way on", async () => {
    const backend = new InProcessBackend();
    await seedRoom(backend, { status: "lobby", playerCount: 1 });
    await useUpBudget(backend, "wrongRoomCodes");
    await renderSignedIn("/room/K7QM2X", { backend });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Lots of room codes are being tried right now, so codes are paused for a moment and yours was not checked. Please try again in a minute, or open your friend's link",
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

describe("/room", () => {
  test("a private room is made with the keyboard alone; its lobby's link carries the secret", async () => {
    const user = userEvent.setup();
    // user-event stands in for the clipboard.
    await renderSignedIn("/room");
    const choice = await screen.findByRole("switch", {
      name: "Private: only people with the link can join",
    });
    expect(choice).not.toBeChecked();
    expect(screen.getByText("Anyone with the code can join.")).toBeVisible();
    while (document.activeElement !== choice) await user.tab();
    await user.keyboard(" ");
    expect(choice).toBeChecked();
    expect(screen.getByText(/The code alone won't let anyone in/)).toBeVisible();
    await user.tab();
    expect(screen.getByRole("button", { name: "Make a private room" })).toHaveFocus();
    await user.keyboard("{Enter}");

    const code = (await screen.findByTestId("room-code")).textContent;
    // The host may open the room to its code again from the lobby.
    expect(screen.getByRole("switch", { name: /^Private/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await screen.findByText("Room link copied");
    const first = await navigator.clipboard.readText();
    expect(first).toMatch(new RegExp(`/room/${code}#[0-9a-f]{32}$`));

    // New link: the one given out stops working, and the lobby shows the new one at once.
    await user.click(screen.getByRole("button", { name: "New link" }));
    await screen.findByText("New link made: the old one no longer lets anyone in");
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(async () => {
      const second = await navigator.clipboard.readText();
      expect(second).toMatch(new RegExp(`/room/${code}#[0-9a-f]{32}$`));
      expect(second).not.toBe(first);
    });
  });

  test("the host's Start on an empty pool waits for it in the lobby, and the game starts once an anime is ready", async () => {
    // A fresh deployment: AniList holds its answer, so nothing is ready yet.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
          ),
      ),
    );
    const backend = new InProcessBackend();
    const user = userEvent.setup();
    await renderSignedIn("/room", { backend });
    await user.click(await screen.findByRole("button", { name: "Make a room" }));
    await screen.findByTestId("room-code");

    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByRole("heading", { name: "Preparing the anime pool" })).toBeVisible();
    expect(screen.getByText("Fetching the most popular anime from AniList")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Start" })).toBeNull();
    expect(screen.queryByText(/Could not start/)).toBeNull();

    // The fill's first anime is ready: the lobby starts the game by itself.
    await seedAnime(backend, 1);
    expect(await screen.findByText("Round 1 / 5", { exact: false })).toBeVisible();
    vi.unstubAllGlobals();
  });
});
