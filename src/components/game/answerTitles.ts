import type { GameView } from "@convex/model/game/view";

type Answer = NonNullable<GameView["skippedAnswer"]>;

/** A title's letters and digits, case folded: "Death Note" and "DEATH NOTE" are one title. */
function titleCore(title: string): string {
  return title.toLocaleLowerCase("en-US").replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The title to show, and the romaji beside it unless it says the same. */
export function answerTitles(answer: Answer): { title: string; romaji: string | null } {
  const title = answer.english ?? answer.romaji ?? "this anime";
  const romaji =
    answer.romaji !== null && titleCore(answer.romaji) !== titleCore(title) ? answer.romaji : null;
  return { title, romaji };
}
