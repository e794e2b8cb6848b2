import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { ann, seedAnime, seedPlayers, setScore, userOf } from "@testing/world";
import { addPoints } from "@convex/model/boards/board";
import { statsOf } from "@convex/model/boards/rank";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderApp, renderSignedIn } from "@testing/client/render";

const players = (count: number, top = 1000) =>
  Array.from({ length: count }, (_, i) => ({ username: `player${i + 1}`, score: top - i * 10 }));

/** The table's body rows, each as [rank cell, player cell, score cell] texts. */
async function rows(container: HTMLElement = document.body) {
  const table = await within(container).findByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

describe("/leaderboard", () => {
  test("shows a visitor the top 25 with medals for the first three, and a way to log in", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, players(30));
    renderApp("/leaderboard", { backend });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Leaderboard" }),
    ).toBeInTheDocument();
    const board = await rows();
    expect(board).toHaveLength(25);
    expect(board.slice(0, 4)).toEqual([
      ["🥇1", "player1", "1,000"],
      ["🥈2", "player2", "990"],
      ["🥉3", "player3", "980"],
      ["4", "player4", "970"],
    ]);
    expect(board[24]).toEqual(["25", "player25", "760"]);
    expect(screen.getByRole("button", { name: "Log in to play" })).toBeInTheDocument();
    expect(screen.queryByText("Your rank")).not.toBeInTheDocument();
  });

  test("tied players share a rank, and a medal", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, [
      { username: "alpha", score: 500 },
      { username: "bravo", score: 300 },
      { username: "charlie", score: 300 },
      { username: "delta", score: 100 },
    ]);
    renderApp("/leaderboard", { backend });
    const board = await rows();
    expect(board.map(([rank]) => rank)).toEqual(["🥇1", "🥈2", "🥈2", "4"]);
  });

  test("a medal's rank shows as a number beside it, for screens without an emoji font", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, players(3));
    renderApp("/leaderboard", { backend });
    await rows();
    const rankCells = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]);
    rankCells.forEach((cell, i) => {
      const medal = within(cell).getByText(["🥇", "🥈", "🥉"][i]);
      expect(medal).toHaveAttribute("aria-hidden", "true");
      // The number is the cell's visible text, not only a screen reader's.
      expect(within(cell).getByText(String(i + 1))).not.toHaveClass("sr-only");
    });
  });

  test("highlights the signed-in player's row and shows their rank", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, players(5, 100));
    await renderSignedIn("/leaderboard", { backend });

    const standing = await screen.findByRole("region", { name: "Your standing" });
    await waitFor(() => expect(standing).toHaveTextContent("You: #6 · 0 points"));
    await setScore(backend, (await userOf(backend, ann))._id, 85);
    await waitFor(() => expect(standing).toHaveTextContent("You: #3 · 85 points"));
    const mine = await waitFor(() => {
      const row = screen.getByRole("row", { current: true });
      expect(row).toHaveTextContent(ann.username);
      return row;
    });
    expect(within(mine).getByText("You")).toBeInTheDocument();
    expect(screen.getAllByRole("row", { current: true })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Play" })).toHaveAttribute("href", "/game");
  });

  test("the player's own row shows below a board they are not on, with their exact rank", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, players(30, 2000));
    await renderSignedIn("/leaderboard", { backend });
    await setScore(backend, (await userOf(backend, ann))._id, 1000);
    const standing = await screen.findByRole("region", { name: "Your standing" });
    // The 30 seeded players (2,000 down to 1,710 points) are all ahead.
    await waitFor(() => expect(standing).toHaveTextContent("You: #31 · 1,000 points"));
    expect(await rows()).toHaveLength(25);
    expect(screen.queryByRole("row", { current: true })).not.toBeInTheDocument();
  });

  test("far down a huge board, the rank is an estimate and says so", async () => {
    const backend = new InProcessBackend();
    await renderSignedIn("/leaderboard", { backend });
    const me = (await userOf(backend, ann))._id;
    // 16,000 players at 10,000 points, and 50,000 more around the player's 100.
    await backend.run(async (ctx) => {
      const scores = [
        ...Array<number>(16_000).fill(10_000),
        ...Array.from({ length: 50_000 }, (_, i) => 50 + (i % 4) * 25),
        100,
      ];
      await ctx.db.insert("boardRanks", { board: "all", ...statsOf(scores) });
      await ctx.db.patch("users", me, { score: 100 });
      await ctx.db.insert("boardEntries", {
        board: "all",
        userId: me,
        username: ann.username,
        score: 100,
      });
    });
    const standing = await screen.findByRole("region", { name: "Your standing" });
    await waitFor(() =>
      expect(standing).toHaveTextContent(/^You: about #[\d,]+ \(top \d+ %\) · 100 points/),
    );
    expect(standing).toHaveTextContent(
      "An estimate: ranks beyond the first 1,000 are counted by score range.",
    );
    const rank = Number(/#([\d,]+)/.exec(standing.textContent)![1].replaceAll(",", ""));
    // 16,000 players at 10,000 are surely ahead; with those of the same bucket above 100, more.
    expect(rank).toBeGreaterThan(16_000);
    expect(rank).toBeLessThan(16_000 + 50_000);
  });

  test("Today (UTC), This week and All time are tabs; All time first, the others their own boards", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, [{ username: "veteran", score: 5000 }]);
    const { user } = await renderSignedIn("/leaderboard", { backend });
    const me = (await userOf(backend, ann))._id;
    await backend.run(async (ctx) => {
      const user = (await ctx.db.get("users", me))!;
      await ctx.db.patch("users", me, { score: 150 });
      await addPoints(ctx, user, 150, Date.now());
    });

    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Today (UTC)", "This week", "All time"]);
    expect(screen.getByRole("tab", { name: "All time" })).toHaveAttribute("aria-selected", "true");
    await waitFor(async () =>
      expect((await rows()).map((r) => r[1])).toEqual(["veteran", `${ann.username}You`]),
    );

    await user.click(screen.getByRole("tab", { name: "Today (UTC)" }));
    expect(screen.getByRole("tabpanel", { name: "Today (UTC)" })).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toEqual([["🥇1", `${ann.username}You`, "150"]]));
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Your standing" })).toHaveTextContent(
        "You: #1 · 150 points",
      ),
    );
    // The keyboard moves between the tabs (arrows), as the WAI-ARIA tabs pattern has it.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "This week" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "This week" })).toHaveFocus();
    await waitFor(async () => expect((await rows()).map((r) => r[2])).toEqual(["150"]));
  });

  test("says so when the leaderboard cannot be loaded", async () => {
    const backend = new InProcessBackend();
    await seedPlayers(backend, players(3));
    const call = backend.call.bind(backend);
    vi.spyOn(backend, "call").mockImplementation(async (kind, path, args, token) =>
      path === "leaderboard:top"
        ? { status: "error", errorMessage: "Server Error" }
        : await call(kind, path, args, token),
    );
    renderApp("/leaderboard", { backend });
    expect(await screen.findByText("Failed to load leaderboard")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  test("says so when nobody has played yet", async () => {
    renderApp("/leaderboard");
    expect(await screen.findByText(/No scores yet/)).toBeInTheDocument();
  });
});

describe("the game's Leaderboard dialog", () => {
  test("highlights the player once their score puts them on it, live", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 2);
    await seedPlayers(backend, players(10, 500));
    const { user } = await renderSignedIn("/game", { backend });
    await screen.findByRole("heading", { name: "Clue" });
    await user.click(screen.getByRole("button", { name: "Leaderboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Leaderboard" });
    await rows(dialog);
    expect(within(dialog).queryByRole("row", { current: true })).not.toBeInTheDocument();

    await setScore(backend, (await userOf(backend, ann))._id, 5000);
    const row = await within(dialog).findByRole("row", { current: true });
    expect(row).toHaveTextContent(`🥇1${ann.username}You5,000`);
  });
});

test("a closed Leaderboard dialog subscribes to no board", async () => {
  const backend = new InProcessBackend();
  await seedAnime(backend, 2);
  await seedPlayers(backend, players(3));
  const calls: string[] = [];
  const call = backend.call.bind(backend);
  vi.spyOn(backend, "call").mockImplementation(async (kind, path, args, token) => {
    calls.push(path);
    return await call(kind, path, args, token);
  });
  const { user } = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  await user.click(screen.getByRole("button", { name: "Leaderboard" }));
  const dialog = await screen.findByRole("dialog", { name: "Leaderboard" });
  await rows(dialog);
  expect(calls).toContain("leaderboard:mine");
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

  calls.length = 0;
  const [first] = await seedPlayers(backend, [{ username: "newcomer", score: 10 }]);
  await setScore(backend, first, 5000);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(calls.filter((path) => path.startsWith("leaderboard:"))).toEqual([]);
});
