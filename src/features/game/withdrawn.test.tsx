import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderSignedIn } from "@testing/client/render";
import { ann, dealtAnime, seedAnime, seedDaily, todaysNumber } from "@testing/world";
import { WITHDRAWN_MESSAGE } from "./RoundMessage";

// A round whose anime became a Daily puzzle while on screen: the player's next move withdraws it
// unanswered and deals another, which shows as any new anime does (a message saying why would
// tell the player which anime the Daily holds), never naming the one withdrawn.

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
  test("a right guess is not judged: another anime comes, for free, as any new one does", async () => {
    const { user, anime } = await openGameWhoseAnimeBecomesTomorrowsDaily(3);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    const clueText = () =>
      screen.getByRole("heading", { name: "Clue" }).nextElementSibling!.textContent;
    const withdrawnClue = clueText();
    await user.type(
      screen.getByRole("combobox", { name: "Your guess" }),
      `${anime.title.english}{Enter}`,
    );
    await waitFor(() => expect(clueText()).not.toBe(withdrawnClue));
    expect(
      screen.getByText("Every wrong guess makes the cover a little sharper."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Previous anime" })).not.toBeInTheDocument();
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
