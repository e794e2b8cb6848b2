import { TimerIcon } from "lucide-react";
import { useRef, useState, type CSSProperties } from "react";
import { AnswerReveal } from "@/components/game/AnswerReveal";
import { CoverImage } from "@/components/game/CoverImage";
import { countOf } from "@/lib/plural";
import { cn } from "@/lib/utils";
import type { MemberView } from "@convex/model/rooms/view";
import { GuessHistory } from "@/components/game/GuessHistory";
import { RoomClue } from "./RoomClue";
import { RoomGuessBox } from "./RoomGuessBox";
import { RoomScoreboard } from "./RoomScoreboard";
import { secondsLeft, useNow } from "./useRoomClock";
import { useHeight } from "./useHeight";
import { useRoundGuesses } from "./useRoundGuesses";

type Round = NonNullable<MemberView["round"]>;

/**
 * A round as everyone in the room sees it: the same cover step and clue, the countdown, the
 * guess box and the live scoreboard; then the reveal, and the next round by itself.
 *
 * On a phone, one column: the clue, the cover, the guess box, the scoreboard. The cover sits
 * between the clue and the box, so that the suggestions, which open above the box, cover the
 * cover and not the clue; and the whole clue shrinks the cover rather than push the box down
 * (RoomClue's own height is capped, past which it scrolls).
 * Wider, three columns: the cover, the clue over the guess box, the scoreboard.
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
  const guesses = useRoundGuesses(round.number);
  const clue = useRef<HTMLElement>(null);
  // The round whose whole clue is open: a new round starts with it closed.
  const [openClue, setOpenClue] = useState<number | null>(null);
  const clueOpen = openClue === round.number;
  const clueHeight = useHeight(clue);

  return (
    <div className="grid gap-3 md:grid-cols-[16rem_minmax(0,1fr)_14rem] md:grid-rows-[auto_auto_1fr] md:gap-x-5 md:[grid-template-areas:'bar_bar_bar'_'cover_clue_score'_'cover_play_score']">
      <RoundBar room={room} round={round} clockOffsetMs={clockOffsetMs} />
      <div className="min-w-0 md:[grid-area:clue]">
        <RoomClue
          ref={clue}
          clue={round.clue}
          open={clueOpen}
          onOpenChange={(open) => setOpenClue(open ? round.number : null)}
        />
      </div>
      <div
        // On a phone, as wide as the screen's height allows once the clue (as tall as it is now)
        // and the rest are placed; with the whole clue open, it may shrink to a thumbnail.
        style={{ "--clue-height": `${clueHeight}px` } as CSSProperties}
        className={cn(
          "mx-auto w-[min(23rem,calc((100dvh-25.25rem-var(--clue-height))*1.5))] md:w-full md:[grid-area:cover]",
          clueOpen ? "min-w-24" : "min-w-40",
        )}
      >
        <CoverImage
          path={round.coverPath}
          color={round.coverColor}
          step={round.step}
          alt={playing ? "Anime cover, blurred" : "Anime cover"}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-2.5 md:[grid-area:play]">
        {playing ? (
          <RoomGuessBox
            key={`guess-${round.number}`}
            room={room}
            round={round}
            guesses={guesses}
            clue={clue}
          />
        ) : (
          round.answer !== null && <AnswerReveal answer={round.answer} label="The answer" />
        )}
        <GuessHistory guesses={guesses.entries} />
      </div>
      <div className="md:[grid-area:score]">
        <RoomScoreboard players={room.players} compact room={room} />
      </div>
    </div>
  );
}

/** The round's number and its countdown (to the round's end, then to the next round or podium). */
function RoundBar({
  room,
  round,
  clockOffsetMs,
}: {
  room: MemberView;
  round: Round;
  clockOffsetMs: number;
}) {
  const playing = round.status === "playing";
  const now = useNow(true) + clockOffsetMs;
  const left = playing ? secondsLeft(round.endsAt, now) : secondsLeft(round.revealEndsAt, now);
  const last = round.number >= room.settings.rounds;
  return (
    <div className="flex items-center justify-between gap-2 md:[grid-area:bar]">
      <p className="text-sm font-semibold">
        Round {round.number} / {room.settings.rounds}
      </p>
      <p
        className={cn(
          "flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums",
          playing && left <= 5 ? "bg-rose-500/15 text-rose-300" : "bg-secondary",
        )}
        aria-label={playing ? `${countOf(left, "second")} left` : undefined}
      >
        <TimerIcon className="size-3.5" aria-hidden />
        {playing ? `${left}s` : last ? `Podium in ${left}s` : `Next round in ${left}s`}
      </p>
    </div>
  );
}
