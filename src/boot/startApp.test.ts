import { afterEach, describe, expect, test } from "vitest";
import type { BootData } from "./protocol";
import { pageChunks, routeOf } from "./startApp";

const ROUTES = ["/game", "/room", "/room/:code", "/me"];

describe("the chunks a page preloads beside the entry", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  test("a route is found by its path, or by a pattern whose :name segments stand for its own", () => {
    expect(routeOf("/game", ROUTES)).toBe("/game");
    expect(routeOf("/room", ROUTES)).toBe("/room");
    expect(routeOf("/room/K7QM2X", ROUTES)).toBe("/room/:code");
    expect(routeOf("/room/K7QM2X/more", ROUTES)).toBeUndefined();
    expect(routeOf("/rooms/K7QM2X", ROUTES)).toBeUndefined();
    expect(routeOf("/nowhere", ROUTES)).toBeUndefined();
  });

  test("a room's link preloads the room page's chunks with the session's", () => {
    const data = {
      session: ["/assets/ConvexSession.js"],
      routes: { "/room": ["/assets/RoomsHomePage.js"], "/room/:code": ["/assets/RoomPage.js"] },
    } as unknown as BootData;
    window.history.replaceState(null, "", "/room/K7QM2X#0123abcd");
    expect(pageChunks(data)).toEqual(["/assets/ConvexSession.js", "/assets/RoomPage.js"]);
    window.history.replaceState(null, "", "/nowhere");
    expect(pageChunks(data)).toEqual(["/assets/ConvexSession.js"]);
  });
});
