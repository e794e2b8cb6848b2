import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { identityFromToken } from "@testing/convex/modules";
import {
  dailyAnime,
  giveUpDailyAs,
  guessDailyAs,
  nextDailyAs,
  openDailyAs,
  playDailyAs,
  seedAnime,
  signUp,
  todaysNumber,
  type Caller,
} from "@testing/world";
import { WRONG_GUESS } from "@testing/fixtures/anime";
import type { Id } from "@convex/_generated/dataModel";
import { gameAddress } from "@/lib/gameAddress";

// The Daily's screen: a round's guesses, its end with everyone's results, the finished Daily with
// its share card.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders /daily for a new player on a pool of `pool`; `as` calls the backend as them. */
async function openDaily(pool = 12, backend = new InProcessBackend()) {
  await seedAnime(backend, pool);
  let as: Caller | null = null;
  const page = await renderSignedIn("/daily", {
    backend,
    beforeRender: async (token) => {
      as = backend.withIdentity(identityFromToken(token));
      await Promise.resolve();
    },
  });
  return { ...page, me: { as: as! } };
}

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const historyItems = () =>
  within(screen.getByRole("region", { name: "Your guesses" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("the Daily screen", () => {
  test("a round: its guesses listed with their outcome, the answer and everyone's results at its end", async () => {
    const { user, backend } = await openDaily();
    expect(
      await screen.findByRole("heading", { name: `Daily #${todaysNumber()}` }),
    ).toBeInTheDocument();
    expect(screen.getByText("Anime 1 of 5")).toBeInTheDocument();
    expect(screen.getByText("5 guesses left")).toBeInTheDocument();
    expect(screen.getByText(/^Next Daily at/)).toBeInTheDocument();

    await user.type(guessBox(), `${WRONG_GUESS}{Enter}`);
    expect(await screen.findByText("Wrong! 4 guesses left on this anime.")).toBeInTheDocument();
    await user.clear(guessBox());
    await user.type(guessBox(), "another world{Enter}");
    await waitFor(() =>
      expect(historyItems()).toEqual([
        `${WRONG_GUESS}Wrong`,
        "another worldToo general — not counted",
      ]),
    );
    // No answer on screen while the round is played.
    const [first] = await dailyAnime(backend);
    expect(screen.queryByText(`It was ${first.title.english}`)).not.toBeInTheDocument();

    await user.clear(guessBox());
    await user.type(guessBox(), `${first.title.english}{Enter}`);
    expect(await screen.findByText(`It was ${first.title.english}`)).toBeInTheDocument();
    expect(screen.getByText("🟨 Solved with 2 guesses!")).toBeInTheDocument();
    // The answer takes the focus when the round ends.
    expect(screen.getByRole("region", { name: "Solved" })).toHaveFocus();
    expect(historyItems()).toEqual([
      `${WRONG_GUESS}Wrong`,
      "another worldToo general — not counted",
      `${first.title.english}Correct`,
    ]);
    // Everyone's results, folded: this player, solved with the second guess.
    expect(await screen.findByTestId("daily-results-summary")).toHaveTextContent(
      "1 player, 100% solved",
    );

    await user.click(screen.getByRole("button", { name: "Next anime →" }));
    expect(await screen.findByText("Anime 2 of 5")).toBeInTheDocument();
    expect(guessBox()).toHaveFocus();
  });

  test("everyone's results follow other players live", async () => {
    const backend = new InProcessBackend();
    const { user } = await openDaily(12, backend);
    await screen.findByText("Anime 1 of 5");
    await user.click(screen.getByRole("button", { name: "Give up" }));
    expect(await screen.findByTestId("daily-results-summary")).toHaveTextContent(
      "1 player, 0% solved",
    );
    // Someone else solves it.
    const [first] = await dailyAnime(backend);
    const other = await renderSecondPlayer(backend);
    await openDailyAs(other);
    await guessDailyAs(other, first.title.english!);
    await waitFor(() =>
      expect(screen.getByTestId("daily-results-summary")).toHaveTextContent(
        "2 players, 50% solved",
      ),
    );
  });

  test("a finished Daily: the share card's text, exact, copied, and the streak", async () => {
    const { user, me, backend } = await openDaily();
    await screen.findByText("Anime 1 of 5");
    const anime = await dailyAnime(backend);
    // The first four played from another tab.
    await guessDailyAs(me, anime[0].title.english!);
    await nextDailyAs(me);
    await guessDailyAs(me, `${WRONG_GUESS} 1`);
    await guessDailyAs(me, anime[1].title.english!);
    await nextDailyAs(me);
    await giveUpDailyAs(me);
    await nextDailyAs(me);
    for (let i = 1; i <= 5; i++) await guessDailyAs(me, `${WRONG_GUESS} ${i}`);
    await nextDailyAs(me);
    expect(await screen.findByText("Anime 5 of 5")).toBeInTheDocument();
    // The last anime solved with its fifth guess.
    for (const left of [4, 3, 2, 1]) {
      await user.clear(guessBox());
      await user.type(guessBox(), `${WRONG_GUESS} x${left}{Enter}`);
      await screen.findByText(left === 1 ? "1 guess left" : `${left} guesses left`);
    }
    await user.clear(guessBox());
    await user.type(guessBox(), `${anime[4].title.english}{Enter}`);
    await user.click(await screen.findByRole("button", { name: "See your Daily result →" }));

    const text = [
      `Anime Guess Daily #${todaysNumber()} 3/5`,
      "🟩🟨⬛⬛🟪",
      `${gameAddress()}/daily`,
    ].join("\n");
    expect(await screen.findByTestId("daily-share-text")).toHaveTextContent(text, {
      normalizeWhitespace: false,
    });
    expect(screen.getByText(`Daily #${todaysNumber()} done: 3/5 solved.`)).toBeInTheDocument();
    expect(screen.getByText("Streak 1")).toBeInTheDocument();
    // Each anime's answer and result.
    const list = within(screen.getByRole("region", { name: "Today's anime" }));
    expect(list.getByText(`1. ${anime[0].title.english}`)).toBeInTheDocument();
    expect(list.getByText("⬛ gave up")).toBeInTheDocument();
    expect(list.getByText("🟪 solved with 5 guesses")).toBeInTheDocument();

    // No share sheet here: Copy puts the exact text on the clipboard, and says so.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(text);
    expect(await screen.findByText("Copied! Paste it anywhere.")).toBeInTheDocument();
  });

  test("a Daily finished earlier opens on its result", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 12);
    await renderSignedIn("/daily", {
      backend,
      beforeRender: async (token) => {
        const identity = identityFromToken(token);
        const userId = identity.subject.split("|")[0] as Id<"users">;
        await playDailyAs(backend, { userId, as: backend.withIdentity(identity) }, [1, 1, 1, 1, 1]);
      },
    });
    expect(await screen.findByTestId("daily-share-text")).toHaveTextContent(
      `Anime Guess Daily #${todaysNumber()} 5/5`,
    );
  });
});

/** A second player on the same backend, calling as themselves. */
async function renderSecondPlayer(backend: InProcessBackend) {
  return await signUp(backend, { email: "bea@example.com", username: "Bea", password: "secret1" });
}
