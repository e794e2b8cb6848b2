import { SendIcon, SkipForwardIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { GameView } from "@convex/model/game/view";
import { RoundAnswer } from "@/components/game/AnswerReveal";
import { GuessHistory } from "@/components/game/GuessHistory";
import { ContestButton } from "./ContestButton";
import { isContestable } from "./contestable";
import { RoundMessage } from "./RoundMessage";
import { GuessInput } from "@/components/game/GuessInput";
import { GUESS_FORM_ID } from "./skipLink";
import type { LoadStatus } from "./useAnimeLoader";
import { useControlFocus, useRevealHold } from "./useControlFocus";
import { useDealNext } from "./useDealNext";
import { useGuessSubmit } from "./useGuessSubmit";
import { useNewDayMessage } from "./useNewDayMessage";
import { usePaintedGuess } from "./usePaintedGuess";

export type Round = NonNullable<GameView["round"]>;

export type GuessFormProps = {
  round: Round;
  /** The game's last midnight reset: a change while the form is on screen says "New day!". */
  lastReset: number;
  cooling: boolean;
  cooldownSecondsLeft: number | null;
  loadStatus: LoadStatus;
  load: (attempt: () => Promise<boolean>) => Promise<boolean>;
  onCorrect: () => void;
  /** Mounted in place of the previous round's form, whose focused control went with it. */
  replacesForm: boolean;
};

/**
 * The round's message, its answer once it has ended, the guess box, Submit and Skip / Next
 * Anime →, then the round's guesses. Its state (the typed text, the messages of the moment)
 * belongs to one round: the game screen keys it by round, so a new round starts it afresh.
 */
export function GuessForm({
  round,
  lastReset,
  cooling,
  cooldownSecondsLeft,
  loadStatus,
  load,
  onCorrect,
  replacesForm,
}: GuessFormProps) {
  const boxRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const revealRef = useRef<HTMLElement>(null);
  const [text, setText] = useState("");
  usePaintedGuess(boxRef, setText);

  const playing = round.status === "playing";
  const canGuess = playing && !cooling;
  const newDay = useNewDayMessage(lastReset);
  const guess = useGuessSubmit({
    roundNumber: round.number,
    attempt: round.guessesUsed,
    canGuess,
    text,
    setText,
    onCorrect,
  });
  const next = useDealNext({ roundNumber: round.number, load });
  useControlFocus({
    box: boxRef,
    submit: submitRef,
    skip: skipRef,
    reveal: revealRef,
    roundNumber: round.number,
    canGuess,
    ended: !playing,
    replacesForm,
  });
  const nextHeld = useRevealHold(!playing);

  return (
    <>
      <RoundMessage
        loadStatus={loadStatus}
        cooldownSecondsLeft={cooldownSecondsLeft}
        roundStatus={round.status}
        pointsEarned={round.pointsEarned}
        wrongGuessesLeft={guess.wrongGuessesLeft}
        alreadyTried={guess.alreadyTried}
        refusal={guess.refusal}
        seenBefore={round.seenBefore}
        nothingElse={next.nothingElse}
        newDay={newDay}
      />

      <RoundAnswer ref={revealRef} round={round} />

      <form
        id={GUESS_FORM_ID}
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void guess.submit();
        }}
      >
        <GuessInput
          ref={boxRef}
          value={text}
          onValueChange={setText}
          disabled={!canGuess}
          className="h-11"
        />
        <div className="grid grid-cols-2 gap-3">
          <Button ref={submitRef} type="submit" size="lg" disabled={!canGuess || guess.submitting}>
            {guess.submitting ? <Spinner /> : <SendIcon />}
            Submit Guess
          </Button>
          <Button
            ref={skipRef}
            type="button"
            size="lg"
            variant={playing ? "outline" : "default"}
            disabled={cooling || next.dealing || (!playing && nextHeld)}
            onClick={() => {
              guess.clearNotice();
              void next.deal();
            }}
          >
            {next.dealing ? <Spinner /> : playing && <SkipForwardIcon />}
            {playing ? "Skip" : "Next Anime →"}
          </Button>
        </div>
      </form>

      <GuessHistory
        guesses={round.guesses}
        action={(guess) =>
          isContestable(round, guess) && (
            <ContestButton roundNumber={round.number} guess={guess.text} />
          )
        }
      />
    </>
  );
}
