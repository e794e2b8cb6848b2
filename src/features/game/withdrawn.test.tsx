import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, dealtAnime, seedAnime, seedDaily, todaysNumber } from "@testing/world";
import { REPLACES_WITHDRAWN_MESSAGE, WITHDRAWN_MESSAGE } from "./RoundMessage";

// A round whose anime became a Daily puzzle while on screen: the player's next move withdraws it
// unanswered and deals another, and the screen says why, never naming the one withdrawn.

async function openGameWhoseAnimeBecomesTomorrowsDaily(pool: number) {
  const backend = new InProcessBackend();
  await seedAnime(backend, pool);
  const game = await renderSignedIn("/game", { backend });
  await screen.findByRole("heading", { name: "Clue" });
  const anime = await dealtAnime(backend, ann);
  // The cron's choice of tomorrow's Daily takes it, the page still showing it.
  await seedDaily(backend, [anime._id], todaysNumber() + 1);
  return { ...game, anime };
}

const submitButton = () => screen.getByRole("button", { name: "Submit Guess" });

function expectNotNamed(titles: (string | null)[]) {
  for (const title of titles)
    if (title !== null) expect(document.body.textContent).not.toContain(title);
}

describe("a round whose anime became a Daily puzzle", () => {
  test("a right guess is not judged: another anime comes, with why, for free", async () => {
    const { user, anime } = await openGameWhoseAnimeBecomesTomorrowsDaily(3);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.type(
      screen.getByRole("combobox", { name: "Your guess" }),
      `${anime.title.english}{Enter}`,
    );
    expect(await screen.findByText(REPLACES_WITHDRAWN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("Daily Guesses: 20/20")).toBeInTheDocument();
    expect(screen.getByText("Anime Guesses: 5/5")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Solved" })).not.toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "Blurred cover of the anime to guess" }),
    ).toBeInTheDocument();
    expectNotNamed([anime.title.english, anime.title.romaji]);
  });

  test("with nothing else to deal it stays, withdrawn, its answer and cover hidden", async () => {
    const { user, anime } = await openGameWhoseAnimeBecomesTomorrowsDaily(1);
    await user.click(await screen.findByRole("button", { name: "Skip" }));
    expect(await screen.findByText(WITHDRAWN_MESSAGE)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText("Daily Guesses: 20/20")).toBeInTheDocument();
    // No cover at all: neither the clear one nor the steps it had reached.
    expect(screen.queryByRole("img", { name: /cover/i })).not.toBeInTheDocument();
    expectNotNamed([anime.title.english, anime.title.romaji]);
  });
});
