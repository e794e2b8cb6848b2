import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { seedAnime } from "@testing/world";
import { WRONG_GUESS } from "@testing/fixtures/anime";
import { GUESSES_PER_ANIME } from "@convex/model/shared/rules";
import { CONTEST_SENT } from "./contestable";

// Contesting a guess ("this names it") from the round's result on the game screen.

type Game = Awaited<ReturnType<typeof renderSignedIn>>;

/** What fans call the dealt show: no name the pool knows, so it is wrong. */
const FAN_NAME = "Mecha Library Wars";

async function openGame() {
  const backend = new InProcessBackend();
  await seedAnime(backend, [{ english: "Toshokan Sensou" }]);
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  return { game, backend };
}

const guessBox = () => screen.getByRole("combobox", { name: "Your guess" });
const contestButtons = () => screen.queryAllByRole("button", { name: /^Contest “/ });

async function guess({ user }: Game, text: string) {
  await waitFor(() => expect(screen.getByRole("button", { name: "Submit Guess" })).toBeEnabled());
  await user.clear(guessBox());
  await user.type(guessBox(), `${text}{Enter}`);
}

describe("a guess of the round just ended", () => {
  test("offers Contest beside each wrong guess once the round is over, never during it; one click sends it", async () => {
    const { game, backend } = await openGame();
    await guess(game, FAN_NAME);
    expect(await screen.findByText(/^Wrong! 4 guesses? remaining/)).toBeInTheDocument();
    // In play: nothing to contest, nothing told.
    expect(contestButtons()).toEqual([]);
    for (let i = 1; i < GUESSES_PER_ANIME; i++) await guess(game, `${WRONG_GUESS} ${i}`);
    await screen.findByRole("button", { name: "Next Anime →" });

    await waitFor(() => expect(contestButtons()).toHaveLength(GUESSES_PER_ANIME));
    const history = screen.getByRole("region", { name: "Your guesses" });
    const fanItem = within(history).getByText(FAN_NAME).closest("li")!;
    await game.user.click(
      within(fanItem).getByRole("button", { name: `Contest “${FAN_NAME}”: it names the anime` }),
    );

    expect(await screen.findByText(CONTEST_SENT)).toBeInTheDocument();
    expect(
      await within(fanItem).findByRole("button", { name: `“${FAN_NAME}” sent to the admins` }),
    ).toBeDisabled();
    const contests = await backend.run(async (ctx) => await ctx.db.query("contests").take(10));
    expect(contests).toMatchObject([{ name: FAN_NAME, count: 1, status: "open" }]);
  });
});
