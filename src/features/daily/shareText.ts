import type { DailyView } from "@convex/model/daily/view";

type DailyRound = DailyView["rounds"][number];

/**
 * One square per anime, by the guesses it took: green for the first, yellow, orange, red, purple
 * for the fifth; black when it was missed (out of guesses or given up). Explained on the page.
 */
export const SOLVED_SQUARES = ["🟩", "🟨", "🟧", "🟥", "🟪"] as const;
export const MISSED_SQUARE = "⬛";

export function squareFor(round: Pick<DailyRound, "status" | "guessesUsed">): string {
  if (round.status !== "solved") return MISSED_SQUARE;
  return SOLVED_SQUARES[round.guessesUsed - 1] ?? MISSED_SQUARE;
}

/** The address a shared result links to: the Daily's page. */
export function dailyAddress(gameAddress: string): string {
  return `${gameAddress.replace(/\/+$/, "")}/daily`;
}

/**
 * A finished Daily as text to share, without spoilers: "Anime Guess Daily #N 4/5", one square
 * per anime in order, then the link.
 */
export function dailyShareText(
  view: Pick<DailyView, "number" | "animeCount" | "rounds">,
  gameAddress: string,
): string {
  const solved = view.rounds.filter((round) => round.status === "solved").length;
  return [
    `Anime Guess Daily #${view.number} ${solved}/${view.animeCount}`,
    view.rounds.map(squareFor).join(""),
    dailyAddress(gameAddress),
  ].join("\n");
}
