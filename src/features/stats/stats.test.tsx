import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ann, dealtAnime, seedAnime } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";

type Game = Awaited<ReturnType<typeof renderSignedIn>>;

afterEach(() => {
  vi.unstubAllGlobals();
});

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });

async function openGame(backend = new InProcessBackend()) {
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  return game;
}

async function solve(game: Game) {
  const anime = await dealtAnime(game.backend, ann);
  await waitFor(() => expect(submitButton()).toBeEnabled());
  await game.user.clear(guessBox());
  await game.user.type(guessBox(), `${anime.title.english!}{Enter}`);
  await screen.findByText(/correct/i);
}

describe("the stats strip and sharing", () => {
  test("a solve shows on the strip; Share today copies the spoiler-free text", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 3);
    const game = await openGame(backend);
    const strip = await screen.findByRole("region", { name: "Your streak and today" });
    expect(within(strip).getByText("Streak: 0 days")).toBeInTheDocument();

    const solved = await dealtAnime(backend, ann);
    await solve(game);
    await waitFor(() => expect(within(strip).getByText("Streak: 1 day")).toBeInTheDocument());
    expect(strip).toHaveTextContent("Today: 1 solved");

    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await game.user.click(within(strip).getByRole("button", { name: "Share today" }));
    const dialog = await screen.findByRole("dialog");
    await game.user.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Copied!")).toBeInTheDocument();
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toMatch(/^Anime Guess · \d+ \w{3} · 1 solved · 150 pts · 🔥 1\n🟩\nhttp/);
    expect(text).not.toContain(solved.title.english!);
  });

  test("where the browser has the Web Share API, Share… hands it the same text", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 3);
    const game = await openGame(backend);
    await solve(game);
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share });
    const strip = screen.getByRole("region", { name: "Your streak and today" });
    await game.user.click(await within(strip).findByRole("button", { name: "Share today" }));
    const dialog = await screen.findByRole("dialog");
    await game.user.click(within(dialog).getByRole("button", { name: "Share…" }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0][0]).toEqual({
      text: within(dialog).getByLabelText("Your result").textContent,
    });
    expect(share.mock.calls[0][0].text).toMatch(/ · 1 solved · 150 pts · 🔥 1\n🟩\n/);
  });
});

describe("the guess box's suggestions", () => {
  test("from 2 characters; arrows and Enter fill the box, which still takes Submit; Escape closes", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, [
      { english: "Frieren", romaji: "Sousou no Frieren" },
      { english: "Fruits Basket" },
      { english: "Naruto" },
    ]);
    const game = await openGame(backend);
    const box = guessBox();
    await game.user.type(box, "f");
    expect(box).toHaveAttribute("aria-expanded", "false");
    await game.user.type(box, "r");
    const list = await screen.findByRole("listbox", { name: "Suggested titles" });
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Frieren", "Fruits Basket", "Sousou no Frieren"]);

    await game.user.keyboard("{ArrowDown}{ArrowDown}");
    const second = within(list).getByRole("option", { name: "Fruits Basket" });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", second.id);
    await game.user.keyboard("{Enter}");
    expect(box).toHaveValue("Fruits Basket");
    expect(box).toHaveAttribute("aria-expanded", "false");
    // Picking did not send it: every guess is still left.
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();

    await game.user.type(box, "{Backspace}");
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    await game.user.keyboard("{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    await game.user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByText("Anime Guesses: 4/5")).toBeInTheDocument());
  });

  test("a click on a suggestion fills the box", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, [{ english: "Naruto" }, { english: "Naruto Shippuden" }]);
    const game = await openGame(backend);
    await game.user.type(guessBox(), "naru");
    const option = await screen.findByRole("option", { name: "Naruto Shippuden" });
    await game.user.click(option);
    expect(guessBox()).toHaveValue("Naruto Shippuden");
    expect(guessBox()).toHaveFocus();
  });
});

describe("/me", () => {
  test("shows the streak, today's and all-time counts and the last 7 days", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 3);
    const game = await openGame(backend);
    await solve(game);
    await game.router.navigate("/me");
    expect(await screen.findByRole("heading", { name: "Your stats" })).toBeInTheDocument();
    expect(await screen.findByText("Current streak")).toBeInTheDocument();
    const tiles = screen.getAllByRole("term").map((term) => term.parentElement!.textContent);
    expect(tiles).toEqual(["Solved today1", "First-try solves1", "Accuracy100 %", "Anime solved1"]);
    expect(screen.getByRole("list", { name: "Anime solved per day" }).children).toHaveLength(7);
    expect(document.title).toBe("Your stats · Anime Guess");
  });
});
