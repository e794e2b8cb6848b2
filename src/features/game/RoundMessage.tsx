import {
  CalendarDaysIcon,
  CircleAlertIcon,
  CircleMinusIcon,
  CircleXIcon,
  HourglassIcon,
  PartyPopperIcon,
  RotateCcwIcon,
  SunriseIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import type { GuessOutcome } from "@convex/model/game/view";
import { POINTS_PER_CORRECT_GUESS, type RoundStatus } from "@convex/model/shared/rules";
import { CooldownNotice } from "./CooldownNotice";
import type { LoadStatus } from "./useAnimeLoader";
import { countOf } from "@/lib/plural";

export type RoundMessageProps = {
  loadStatus: LoadStatus;
  /** Seconds left in the cooldown, while one runs. */
  cooldownSecondsLeft: number | null;
  roundStatus: RoundStatus;
  pointsEarned: number | null;
  /** Guesses left after a wrong guess, while its message shows. */
  wrongGuessesLeft: number | null;
  /** The guess just sent had been sent on this round before: it cost nothing. */
  alreadyTried?: boolean;
  /** The guess just sent was turned away unjudged, for free, for this reason. */
  refusal?: Refusal | null;
  /** The player had seen this anime's answer before: a right guess scores nothing. */
  seenBefore: boolean;
  /** Skip found nothing else in the pool. */
  nothingElse: boolean;
  /** The midnight reset has just given the allowance back, while the player watched. */
  newDay: boolean;
};

export const NOTHING_ELSE_MESSAGE =
  "You've seen every anime in the pool. New ones arrive with the next catalogue refresh.";
export const SEEN_BEFORE_MESSAGE = "You've seen this one's answer: it won't score.";
type Refusal = Extract<GuessOutcome, { kind: "refused" }>["code"];

/**
 * Why a guess was turned away, short enough for two lines on a phone (the server's error texts
 * are longer): the round's message must not push Submit out of view.
 */
const REFUSAL_MESSAGES: Record<Refusal, string> = {
  GUESS_TOO_GENERIC: "Too general: type a title, or a word only its title has. Not counted.",
  GUESS_IS_A_LIST: "One title per guess: that looks like a list. Not counted.",
};
export const ALREADY_TRIED_MESSAGE = "Already tried: that guess is in your list. It cost nothing.";
export const NEW_DAY_MESSAGE = "New day! Your guesses are back.";
/** A round withdrawn unanswered, its anime a Daily puzzle now, that nothing could replace yet. */
export const WITHDRAWN_MESSAGE =
  "This anime became a Daily puzzle, so it was withdrawn unanswered, for free. No other anime can be dealt yet.";
/** Names the button the screen shows once a round has ended. */
export const OUT_OF_GUESSES_MESSAGE = "Out of guesses! Press Next Anime → for another one.";

/**
 * What just happened (the guess's outcome, or the round's loading), in the spec's words, in a polite live
 * region of fixed height so the page does not move when a message comes or goes.
 */
export function RoundMessage(props: RoundMessageProps) {
  return (
    <div role="status" className="flex min-h-11 items-center">
      {messageFor(props)}
    </div>
  );
}

function messageFor({
  loadStatus,
  cooldownSecondsLeft,
  roundStatus,
  pointsEarned,
  wrongGuessesLeft,
  alreadyTried = false,
  refusal = null,
  seenBefore,
  nothingElse,
  newDay,
}: RoundMessageProps) {
  if (loadStatus === "retrying") {
    return <Line tone="warning">Error loading anime. Retrying...</Line>;
  }
  if (loadStatus === "failed") {
    return <Line tone="error">Failed to load anime. Please refresh the page.</Line>;
  }
  if (cooldownSecondsLeft !== null) return <CooldownNotice secondsLeft={cooldownSecondsLeft} />;
  if (newDay) {
    return (
      <Line tone="success" icon={<SunriseIcon />}>
        {NEW_DAY_MESSAGE}
      </Line>
    );
  }
  if (roundStatus === "withdrawn") {
    return (
      <Line tone="warning" icon={<CalendarDaysIcon />}>
        {WITHDRAWN_MESSAGE}
      </Line>
    );
  }
  if (nothingElse) return <Line tone="warning">{NOTHING_ELSE_MESSAGE}</Line>;
  if (roundStatus === "solved") {
    return (
      <Line tone="success" icon={<PartyPopperIcon />}>
        <span>
          <span className="font-semibold">{" Correct! You got it! "}</span>
          {pointsEarned === 0 && <span>No points: you had seen its answer before.</span>}
          {pointsEarned !== null && pointsEarned > 0 && (
            <span>
              +{pointsEarned} points
              {pointsEarned > POINTS_PER_CORRECT_GUESS && " with the quick-guess bonus"}
            </span>
          )}
        </span>
      </Line>
    );
  }
  if (roundStatus === "outOfGuesses") {
    return (
      <Line tone="warning" icon={<HourglassIcon />}>
        {OUT_OF_GUESSES_MESSAGE}
      </Line>
    );
  }
  if (wrongGuessesLeft !== null) {
    return (
      <Line tone="error" icon={<CircleXIcon />}>
        Wrong! {countOf(wrongGuessesLeft, "guess", "guesses")} remaining for this anime
      </Line>
    );
  }
  if (refusal !== null) {
    return (
      <Line tone="warning" icon={<CircleMinusIcon />}>
        {REFUSAL_MESSAGES[refusal]}
      </Line>
    );
  }
  if (alreadyTried) {
    return (
      <Line tone="warning" icon={<RotateCcwIcon />}>
        {ALREADY_TRIED_MESSAGE}
      </Line>
    );
  }
  if (seenBefore && roundStatus === "playing") {
    return <Line tone="warning">{SEEN_BEFORE_MESSAGE}</Line>;
  }
  return (
    <p className="text-sm text-muted-foreground">
      Every wrong guess makes the cover a little sharper.
    </p>
  );
}

const tones = {
  success: "border-emerald-400/40 bg-emerald-400/10 text-emerald-200",
  warning: "border-amber-400/40 bg-amber-400/10 text-amber-100",
  error: "border-destructive/50 bg-destructive/10 text-red-200",
};

function Line({
  tone,
  icon = <CircleAlertIcon />,
  children,
}: {
  tone: keyof typeof tones;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <p
      className={cn(
        "flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-sm animate-in fade-in-0 [&>svg]:size-4 [&>svg]:shrink-0",
        tones[tone],
      )}
    >
      {icon}
      {children}
    </p>
  );
}
