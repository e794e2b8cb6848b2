import { CircleCheckIcon, CircleMinusIcon, CircleXIcon, RotateCcwIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { GameView } from "@convex/model/game/view";
import { cn } from "@/lib/utils";

export type RoundGuess = NonNullable<GameView["round"]>["guesses"][number];
export type GuessOutcome = RoundGuess["outcome"];
/** A guess as the list shows it: the solo round's from the server, a room's from its page. */
export type ListedGuess = { text: string; outcome: GuessOutcome };

/** What each outcome says in the list: whether the guess counted, and why not. */
const GUESS_OUTCOME_TEXT: Record<GuessOutcome, string> = {
  correct: "Correct",
  wrong: "Wrong",
  tooGeneric: "Too general — not counted",
  list: "A list — not counted",
  alreadyTried: "Already tried — not counted",
};

const outcomeLook: Record<GuessOutcome, { icon: ReactNode; className: string }> = {
  correct: { icon: <CircleCheckIcon />, className: "text-emerald-300" },
  wrong: { icon: <CircleXIcon />, className: "text-red-300" },
  tooGeneric: { icon: <CircleMinusIcon />, className: "text-amber-200" },
  list: { icon: <CircleMinusIcon />, className: "text-amber-200" },
  alreadyTried: { icon: <RotateCcwIcon />, className: "text-muted-foreground" },
};

/**
 * The round's guesses in order, each with what became of it: a wrong guess stays listed after its
 * message has gone, and a free one says why it did not count. The solo modes list the server's
 * round (so a reload keeps them; a correct one comes only with the round's end), a party room the
 * player's own guesses on this page (rooms/useRoundGuesses.ts).
 */
export function GuessHistory<Guess extends ListedGuess>({
  guesses,
  action,
}: {
  guesses: readonly Guess[];
  /** What a screen offers beside a guess (the ended round's "Contest"), if anything. */
  action?: (guess: Guess) => ReactNode;
}) {
  if (guesses.length === 0) return null;
  return (
    <section aria-label="Your guesses" className="grid gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Your guesses
      </h3>
      <ol className="grid gap-1 text-sm">
        {guesses.map((guess, index) => {
          const look = outcomeLook[guess.outcome];
          return (
            <li
              // The list only grows within a round: the index is the guess's identity.
              key={index}
              className="flex items-baseline justify-between gap-3 rounded-md bg-muted/40 px-3 py-1.5"
            >
              <span className="min-w-0 break-words">{guess.text}</span>
              <span className="flex shrink-0 items-center gap-2 self-center">
                <span
                  className={cn(
                    "flex items-center gap-1 text-xs font-medium whitespace-nowrap [&>svg]:size-3.5",
                    look.className,
                  )}
                >
                  {look.icon}
                  {GUESS_OUTCOME_TEXT[guess.outcome]}
                </span>
                {action?.(guess)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
