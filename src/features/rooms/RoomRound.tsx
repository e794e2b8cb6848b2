import { useMutation } from "convex/react";
import { SendIcon, TimerIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { AnswerReveal } from "@/components/game/AnswerReveal";
import { CoverImage } from "@/components/game/CoverImage";
import { GuessHistory } from "@/components/game/GuessHistory";
import { GuessInput } from "@/components/game/GuessInput";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { cn } from "@/lib/utils";
import { api } from "@convex/_generated/api";
import { ROOM_GUESSES_PER_ROUND } from "@convex/model/shared/rules";
import type { MemberView } from "@convex/model/rooms/view";
import { RoomClue } from "./RoomClue";
import { useRoundGuesses, type RoundGuesses } from "./useRoundGuesses";
import { ordinal } from "./roomLink";
import { RoomScoreboard } from "./RoomScoreboard";
import { secondsLeft, useNow } from "./useRoomClock";
import { countOf } from "@/lib/plural";

type Round = NonNullable<MemberView["round"]>;
type Feedback = { tone: "good" | "bad" | "info"; text: string } | null;

/**
 * A round as everyone in the room sees it: the same cover step and clue, the countdown, the
 * guess box and the live scoreboard; then the reveal, and the next round by itself.
 */
export function RoomRound({
  room,
  round,
  clockOffsetMs,
}: {
  room: MemberView;
  round: Round;
  /** The server's clock minus the device's. */
  clockOffsetMs: number;
}) {
  const playing = round.status === "playing";
  const now = useNow(true) + clockOffsetMs;
  const left = playing ? secondsLeft(round.endsAt, now) : secondsLeft(round.revealEndsAt, now);
  const last = round.number >= room.settings.rounds;
  const guesses = useRoundGuesses(round.number);

  return (
    <div className="grid gap-3 md:grid-cols-[16rem_minmax(0,1fr)_14rem] md:gap-5">
      <div className="flex items-center justify-between gap-2 md:col-span-3">
        <p className="text-sm font-semibold">
          Round {round.number} / {room.settings.rounds}
        </p>
        <p
          className={cn(
            "flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums",
            playing && left <= 5 ? "bg-rose-500/15 text-rose-600" : "bg-secondary",
          )}
          aria-label={playing ? `${countOf(left, "second")} left` : undefined}
        >
          <TimerIcon className="size-3.5" aria-hidden />
          {playing ? `${left}s` : last ? `Podium in ${left}s` : `Next round in ${left}s`}
        </p>
      </div>
      <div className="mx-auto w-[min(23rem,calc((100dvh-29rem)*1.5))] min-w-40 md:w-full">
        <CoverImage
          path={round.coverPath}
          color={round.coverColor}
          step={round.step}
          alt={playing ? "Anime cover, blurred" : "Anime cover"}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-2.5">
        <RoomClue key={`clue-${round.number}`} clue={round.clue} />
        {playing ? (
          <GuessBox key={`guess-${round.number}`} room={room} round={round} guesses={guesses} />
        ) : (
          round.answer !== null && <AnswerReveal answer={round.answer} label="The answer" />
        )}
        <GuessHistory guesses={guesses.entries} />
      </div>
      <RoomScoreboard players={room.players} compact room={room} />
    </div>
  );
}

function GuessBox({
  room,
  round,
  guesses,
}: {
  room: MemberView;
  round: Round;
  guesses: RoundGuesses;
}) {
  const guess = useMutation(api.rooms.guess);
  const [text, setText] = useState("");
  const { working: busy, run } = useBusyCall();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { me } = room;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === "") return;
    // A title already tried this round is not sent again: it would only spend a guess.
    if (guesses.tried(text)) {
      guesses.add(text, "alreadyTried");
      setFeedback({ tone: "info", text: "Already tried this round. Your guess was not used" });
      setText("");
      return;
    }
    const sent = await run(
      () => guess({ code: room.code, roundNumber: round.number, guess: text }),
      {
        failure: (error) => messageFor(error, "Your guess could not be sent"),
        toastFailure: false,
        logAs: "Sending a room guess failed",
      },
    );
    if (sent === null) return;
    if (!sent.ok) {
      setFeedback({ tone: "info", text: sent.message });
      return;
    }
    const outcome = sent.value;
    if (outcome.kind === "wrong") {
      guesses.add(text, "wrong");
      setFeedback({ tone: "bad", text: `Not it. ${outcome.guessesLeft} left` });
      setText("");
    } else if (outcome.kind === "outOfGuesses") {
      guesses.add(text, "wrong");
      setFeedback({ tone: "bad", text: "Out of guesses for this round" });
    } else if (outcome.kind === "correct") {
      guesses.add(text, "correct");
      setText("");
    }
  }

  if (me.solved) {
    return (
      <p className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
        Solved {me.place === null ? "" : `${ordinal(me.place)} `}· +{me.points} points
      </p>
    );
  }
  if (me.guessesLeft <= 0) {
    return (
      <p className="rounded-lg border bg-muted/50 px-3 py-2 text-sm">
        Out of guesses: watch the others race.
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-1.5">
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <GuessInput value={text} onValueChange={setText} placeholder="Name the anime" />
        </div>
        <Button type="submit" disabled={busy || text.trim() === ""}>
          <SendIcon />
          <span className="sr-only sm:not-sr-only">Guess</span>
        </Button>
      </div>
      <p className="flex justify-between gap-2 text-xs">
        <span
          role="status"
          className={cn(
            feedback?.tone === "bad" && "text-rose-600",
            feedback?.tone === "info" && "text-muted-foreground",
          )}
        >
          {feedback?.text ?? ""}
        </span>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {me.guessesLeft} / {ROOM_GUESSES_PER_ROUND} guesses
        </span>
      </p>
    </form>
  );
}
