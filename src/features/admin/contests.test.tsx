import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { Id } from "@convex/_generated/dataModel";
import { normalizeTitle } from "@convex/model/judge/normalize";
import { ann, seedAnime } from "@testing/world";
import type { InProcessBackend } from "@testing/client/inProcessBackend";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";

// The admin dashboard's "Contested guesses" card: live, grouped by anime, Accept / Dismiss.

/** A name players contested for the anime, as `contests:send` leaves it. */
async function contested(
  backend: InProcessBackend,
  animeId: Id<"anime">,
  name: string,
  count: number,
) {
  await backend.run(async (ctx) => {
    const nameKey = normalizeTitle(name);
    const found = await ctx.db
      .query("contests")
      .withIndex("by_animeId_and_nameKey", (q) => q.eq("animeId", animeId).eq("nameKey", nameKey))
      .unique();
    if (found === null) {
      await ctx.db.insert("contests", {
        animeId,
        nameKey,
        name,
        count,
        lastAt: Date.now(),
        status: "open",
      });
    } else {
      await ctx.db.patch("contests", found._id, { count, lastAt: Date.now() });
    }
  });
}

async function openCard() {
  const app = renderApp();
  const [library, shield] = await seedAnime(app.backend, [
    { english: "Toshokan Sensou" },
    { english: "Tate no Yuusha no Nariagari" },
  ]);
  await logInAsNewPlayer(app, ann, { isAdmin: true });
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  await app.user.click(await within(topBar).findByRole("link", { name: "Admin dashboard" }));
  await screen.findByRole("heading", { name: "Contested guesses" });
  return { app, library, shield };
}

const namesFor = (title: string) =>
  within(screen.getByRole("list", { name: `Names contested for ${title}` }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("span")?.textContent);

describe("contested guesses on the admin dashboard", () => {
  test("arrive live, grouped by anime, each name with how many players typed it", async () => {
    const { app, library, shield } = await openCard();
    expect(await screen.findByText("No contested guesses waiting.")).toBeInTheDocument();

    await contested(app.backend, library, "Library Wars", 1);
    await contested(app.backend, shield, "Shield Hero", 3);
    await waitFor(() =>
      expect(namesFor("Tate no Yuusha no Nariagari")).toEqual(["“Shield Hero” 3 players"]),
    );
    expect(namesFor("Toshokan Sensou")).toEqual(["“Library Wars” 1 player"]);
    // Another player sends it: the count moves on screen.
    await contested(app.backend, library, "Library Wars", 2);
    await waitFor(() => expect(namesFor("Toshokan Sensou")).toEqual(["“Library Wars” 2 players"]));
  });

  test("Accept makes the name an alternative title; Dismiss closes it; both leave the card", async () => {
    const { app, library, shield } = await openCard();
    await contested(app.backend, library, "Library Wars", 2);
    await contested(app.backend, shield, "Shield Bro", 1);

    await app.user.click(
      await screen.findByRole("button", { name: "Accept “Library Wars” as a title of this anime" }),
    );
    expect(
      await screen.findByText("“Library Wars” is now an alternative title"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole("list", { name: "Names contested for Toshokan Sensou" }),
      ).toBeNull(),
    );
    const anime = await app.backend.run(async (ctx) => await ctx.db.get("anime", library));
    expect(anime!.synonyms).toContain("Library Wars");

    await app.user.click(screen.getByRole("button", { name: "Dismiss “Shield Bro”" }));
    expect(await screen.findByText("“Shield Bro” dismissed")).toBeInTheDocument();
    expect(await screen.findByText("No contested guesses waiting.")).toBeInTheDocument();
  });
});
