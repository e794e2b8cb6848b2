import type { DailyView } from "@convex/model/daily/view";
import { Card } from "@/components/ui/card";
import { answerTitles } from "@/components/game/answerTitles";
import { countOf } from "@/lib/plural";
import { DailyResults } from "./DailyResults";
import { DailyShare } from "./DailyShare";
import { squareFor } from "./shareText";
import { DAILY_SKIP_TARGET_ID } from "./skipLink";

/** A finished Daily: the share card, then each anime's answer, the player's result and everyone's. */
export function DailyFinished({ view }: { view: DailyView }) {
  const solved = view.rounds.filter((round) => round.status === "solved").length;
  return (
    <Card id={DAILY_SKIP_TARGET_ID} className="gap-5 p-4 sm:p-6">
      <p className="text-lg font-semibold" role="status">
        Daily #{view.number} done: {solved}/{view.animeCount} solved.
      </p>
      <DailyShare view={view} />
      <section aria-label="Today's anime" className="grid gap-3">
        <h2 className="text-lg font-bold">Today's anime</h2>
        <ol className="grid gap-3">
          {view.rounds.map((round) => {
            const title = round.answer === null ? "?" : answerTitles(round.answer).title;
            return (
              <li key={round.index} className="grid gap-1 rounded-lg border bg-muted/30 px-3 py-2">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 font-semibold break-words">
                    {round.index + 1}. {title}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {squareFor(round)}{" "}
                    {round.status === "solved"
                      ? `solved with ${countOf(round.guessesUsed, "guess", "guesses")}`
                      : round.status === "gaveUp"
                        ? "gave up"
                        : "missed"}
                  </span>
                </p>
                <DailyResults
                  number={view.number}
                  index={round.index}
                  mine={round.status === "solved" ? round.guessesUsed : 0}
                  compact
                />
              </li>
            );
          })}
        </ol>
      </section>
    </Card>
  );
}
