import { SendIcon } from "lucide-react";
import type { RefObject } from "react";
import { GuessInput } from "@/components/game/GuessInput";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ROOM_GUESSES_PER_ROUND } from "@convex/model/shared/rules";
import type { MemberView } from "@convex/model/rooms/view";
import { ordinal } from "./roomLink";
import { useRoomGuess } from "./useRoomGuess";
import type { RoundGuesses } from "./useRoundGuesses";

type Round = NonNullable<MemberView["round"]>;

/** The guess box while the round plays; once solved, the place and points; out of guesses, so. */
export function RoomGuessBox({
  room,
  round,
  guesses,
  clue,
}: {
  room: MemberView;
  round: Round;
  guesses: RoundGuesses;
  /** The clue, which the suggestions leave in view. */
  clue: RefObject<HTMLElement | null>;
}) {
  const { text, setText, busy, feedback, submit } = useRoomGuess(room, round, guesses);
  const { me } = room;
  if (me.solved) {
    return (
      <p className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm font-semibold text-emerald-300">
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
          <GuessInput
            value={text}
            onValueChange={setText}
            placeholder="Name the anime"
            clearOf={clue}
          />
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
            feedback?.tone === "bad" && "text-rose-300",
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
