import type { DailyView } from "@convex/model/daily/view";
import { errorMessages } from "@convex/model/shared/errors";
import { countOf } from "@/lib/plural";
import type { DailyNotice } from "./useDailyGuess";

export type DailyRound = DailyView["rounds"][number];

/** What became of the last guess, for the moment the notice shows. */
export function noticeText(notice: DailyNotice): string {
  switch (notice.kind) {
    case "wrong":
      return `Wrong! ${countOf(notice.guessesLeft, "guess", "guesses")} left on this anime.`;
    case "alreadyTried":
      return "Already tried: not counted.";
    case "refused":
      return errorMessages[notice.code];
    case "over":
      return "This Daily's day is over: the next one is on.";
  }
}

/** How an ended anime ended. */
export function endText(round: DailyRound): string {
  if (round.status === "solved")
    return `Solved with ${countOf(round.guessesUsed, "guess", "guesses")}!`;
  if (round.status === "gaveUp") return "You gave up on this one.";
  return "Out of guesses.";
}
