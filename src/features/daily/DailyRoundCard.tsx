import { useMutation } from "convex/react";
import { FlagIcon, SendIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { DailyView } from "@convex/model/daily/view";
import { errorMessages } from "@convex/model/shared/errors";
import { RoundAnswer } from "@/components/game/AnswerReveal";
import { GuessHistory } from "@/components/game/GuessHistory";
import { GuessInput } from "@/components/game/GuessInput";
import { SoloRoundCard } from "@/components/game/SoloRoundCard";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { notify } from "@/lib/notify";
import { countOf } from "@/lib/plural";
import { DailyResults } from "./DailyResults";
import { DAILY_GUESS_FORM_ID } from "./skipLink";
import { squareFor } from "./shareText";
import { useDailyGuess, type DailyNotice } from "./useDailyGuess";

export type DailyRound = DailyView["rounds"][number];

function noticeText(notice: DailyNotice): string {
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

function endText(round: DailyRound): string {
  if (round.status === "solved")
    return `Solved with ${countOf(round.guessesUsed, "guess", "guesses")}!`;
  if (round.status === "gaveUp") return "You gave up on this one.";
  return "Out of guesses.";
}

/**
 * One anime of the Daily: its cover and clue, the guess box, Submit and Give up, its guesses; once
 * it has ended, the answer, how everyone is doing on it, and Next anime (or the day's result).
 * Keyed by the anime's place, so each one starts afresh.
 */
export function DailyRoundCard({
  view,
  round,
  onFinished,
}: {
  view: DailyView;
  round: DailyRound;
  /** The last anime has ended: show the day's result. */
  onFinished: () => void;
}) {
  const boxRef = useRef<HTMLInputElement>(null);
  const revealRef = useRef<HTMLElement>(null);
  const [text, setText] = useState("");
  const playing = round.status === "playing";
  const isLast = round.index === view.animeCount - 1;
  const guess = useDailyGuess({
    number: view.number,
    index: round.index,
    attempt: round.guessesUsed,
    text,
    setText,
  });
  const giveUp = useMutation(api.daily.giveUp);
  const next = useMutation(api.daily.next);
  const [moving, setMoving] = useState(false);

  // A new anime after the first: the focus goes to its guess box (the button that dealt it is
  // gone); on a desktop, the first one's box too.
  useEffect(() => {
    if (!playing) return;
    const wide = window.matchMedia?.("(min-width: 768px)").matches ?? false;
    if (round.index > 0 || wide) boxRef.current?.focus();
    // Once per anime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round.index]);
  // The round ends: the answer takes the focus, so a screen reader reads it.
  useEffect(() => {
    if (!playing) revealRef.current?.focus();
  }, [playing]);

  async function move(call: () => Promise<unknown>, failure: string) {
    if (moving) return;
    setMoving(true);
    try {
      await call();
    } catch (error) {
      console.error(failure, error);
      await notify("error", messageFor(error, failure));
    } finally {
      setMoving(false);
    }
  }

  return (
    <SoloRoundCard round={round}>
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">
          Anime {round.index + 1} of {view.animeCount}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {playing
            ? `${countOf(view.guessesPerAnime - round.guessesUsed, "guess", "guesses")} left`
            : `${squareFor(round)} ${endText(round)}`}
        </span>
      </p>

      {playing && (
        <p role="status" aria-live="polite" className="min-h-5 text-sm">
          {guess.notice === null ? "" : noticeText(guess.notice)}
        </p>
      )}

      <RoundAnswer ref={revealRef} round={round} />

      {playing ? (
        <form
          id={DAILY_GUESS_FORM_ID}
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void guess.submit();
          }}
        >
          <GuessInput ref={boxRef} value={text} onValueChange={setText} className="h-11" />
          <div className="grid grid-cols-2 gap-3">
            <Button type="submit" size="lg" disabled={guess.submitting}>
              {guess.submitting ? <Spinner /> : <SendIcon />}
              Submit Guess
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              disabled={moving}
              onClick={() =>
                void move(
                  () => giveUp({ number: view.number, index: round.index }),
                  "Could not give up. Please try again.",
                )
              }
            >
              <FlagIcon />
              Give up
            </Button>
          </div>
        </form>
      ) : (
        <>
          <DailyResults
            number={view.number}
            index={round.index}
            mine={round.status === "solved" ? round.guessesUsed : 0}
          />
          <Button
            size="lg"
            disabled={moving}
            onClick={() =>
              isLast
                ? onFinished()
                : void move(
                    () => next({ number: view.number, index: round.index }),
                    "Could not deal the next anime. Please try again.",
                  )
            }
          >
            {moving && <Spinner />}
            {isLast ? "See your Daily result →" : "Next anime →"}
          </Button>
        </>
      )}

      <GuessHistory guesses={round.guesses} />
    </SoloRoundCard>
  );
}
