import { FlagIcon, SendIcon } from "lucide-react";
import { useState } from "react";
import type { DailyView } from "@convex/model/daily/view";
import { RoundAnswer } from "@/components/game/AnswerReveal";
import { GuessHistory } from "@/components/game/GuessHistory";
import { GuessInput } from "@/components/game/GuessInput";
import { SoloRoundCard } from "@/components/game/SoloRoundCard";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { countOf } from "@/lib/plural";
import { DailyResults } from "./DailyResults";
import { endText, noticeText, type DailyRound } from "./dailyRoundText";
import { DAILY_SKIP_TARGET_ID } from "./skipLink";
import { squareFor } from "./shareText";
import { useDailyGuess } from "./useDailyGuess";
import { useDailyMoves } from "./useDailyMoves";
import { useDailyRoundFocus } from "./useDailyRoundFocus";

export type { DailyRound } from "./dailyRoundText";

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
  const [text, setText] = useState("");
  const playing = round.status === "playing";
  const isLast = round.index === view.animeCount - 1;
  const at = { number: view.number, index: round.index };
  const guess = useDailyGuess({ ...at, attempt: round.guessesUsed, text, setText });
  const moves = useDailyMoves(at);
  const { boxRef, revealRef } = useDailyRoundFocus(round.index, playing);

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

      {/* The skip link's target: the guess box while in play, Next anime once ended. */}
      <div id={DAILY_SKIP_TARGET_ID} className="contents">
        {playing ? (
          <form
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
                disabled={moves.moving}
                onClick={moves.giveUp}
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
            <Button size="lg" disabled={moves.moving} onClick={isLast ? onFinished : moves.next}>
              {moves.moving && <Spinner />}
              {isLast ? "See your Daily result →" : "Next anime →"}
            </Button>
          </>
        )}
      </div>

      <GuessHistory guesses={round.guesses} />
    </SoloRoundCard>
  );
}
