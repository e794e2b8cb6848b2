import { CircleHelpIcon } from "lucide-react";
import { DAILY_ANIME_COUNT, DAILY_GUESSES_PER_ANIME } from "@convex/model/shared/rules";
import { MISSED_SQUARE, SOLVED_SQUARES } from "./shareText";

const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th"];

/** How the Daily works and what the share card's squares mean, folded away under the header. */
export function DailyHowTo() {
  return (
    <details className="group rounded-lg border bg-card/60 px-3 py-2 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 rounded-sm font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <CircleHelpIcon className="size-4 text-primary" aria-hidden="true" />
        How the Daily works
      </summary>
      <div className="mt-2 grid gap-2 text-muted-foreground">
        <p>
          The same {DAILY_ANIME_COUNT} anime for everyone, in the same order, new every day at 00:00
          UTC. Each has {DAILY_GUESSES_PER_ANIME} guesses: the cover sharpens with each wrong one. A
          repeated guess, a list, or common words alone cost nothing. Give up to see the answer (it
          counts as missed).
        </p>
        <p>
          The Daily is unranked: it scores no points and leaves your Challenge guesses alone. Finish
          all {DAILY_ANIME_COUNT} on their day to keep your Daily streak.
        </p>
        <p>Your share card has one square per anime, by the guesses it took:</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-foreground">
          {SOLVED_SQUARES.map((square, index) => (
            <li key={square}>
              {square} {ORDINALS[index]} guess
            </li>
          ))}
          <li>{MISSED_SQUARE} missed</li>
        </ul>
      </div>
    </details>
  );
}
