import { CalendarDaysIcon, SunriseIcon, UsersIcon, ZapIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import {
  COOLDOWN_MS,
  DAILY_ANIME_COUNT,
  CHALLENGE_GUESSES,
  DAILY_GUESSES_PER_ANIME,
  GUESSES_PER_ANIME,
  POINTS_PER_CORRECT_GUESS,
  QUICK_GUESS_BONUS,
  ROOM_MAX_PLAYERS,
} from "@convex/model/shared/rules";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeDialog } from "@/components/NativeDialog";
import type { DialogOpenProps } from "@/components/TitledDialog";

/** The dialog's id: the landing page's How to Play button opens it by this (an invoker). */
export const HOW_TO_PLAY_ID = "how-to-play";

const cooldownMinutes = COOLDOWN_MS / 60_000;

/**
 * The rules in three short groups, one per way to play, scannable on a phone; what counts as a
 * title in a fold of its own. A native dialog in the page's HTML, so it opens before React has
 * the page; "Got it!" closes it without a script (a form of method "dialog").
 */
export function HowToPlayDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <NativeDialog
      id={HOW_TO_PLAY_ID}
      open={open}
      onOpenChange={onOpenChange}
      title="How to Play"
      description="Name the anime from its blurred cover and a clue with the names taken out."
    >
      <div className="grid gap-4 text-sm leading-relaxed">
        <Mode icon={CalendarDaysIcon} title="Daily Challenge: score points">
          <li>
            Type the anime's title: any of its English, Japanese or other titles, typos forgiven.
          </li>
          <li>Every wrong guess makes the cover a little sharper.</li>
          <li>{`You have ${CHALLENGE_GUESSES} guesses a day, and up to ${GUESSES_PER_ANIME} for each anime.`}</li>
          <li>
            {`Used all ${CHALLENGE_GUESSES} daily guesses? A ${cooldownMinutes}-minute cooldown starts, then you get a fresh set: ${CHALLENGE_GUESSES}, and ${GUESSES_PER_ANIME} for an anime still in play.`}{" "}
            They also reset at midnight, your time.
          </li>
          <li className="flex flex-wrap items-center gap-2">
            <Badge>+{POINTS_PER_CORRECT_GUESS}</Badge>
            <span>points for every correct guess</span>
            <Badge variant="secondary">
              <ZapIcon />
              Bonus
            </Badge>
            <span>
              +{QUICK_GUESS_BONUS} quick-guess bonus when you get it right on your first guess
            </span>
          </li>
        </Mode>
        <Mode icon={SunriseIcon} title="The Daily: one puzzle for everyone">
          <li>
            The same {DAILY_ANIME_COUNT} anime for everyone, once a day (new at 00:00 UTC),{" "}
            {DAILY_GUESSES_PER_ANIME} guesses each.
          </li>
          <li>
            No points: finish all {DAILY_ANIME_COUNT} to keep your streak, then share your squares.
          </li>
        </Mode>
        <Mode icon={UsersIcon} title="Party Rooms: race your friends">
          <li>
            Up to {ROOM_MAX_PLAYERS} players on the same cover as it sharpens: the sooner you name
            it, the more you score.
          </li>
        </Mode>
        <details className="rounded-lg border bg-muted/60 px-3 py-2">
          <summary className="cursor-pointer font-medium">What counts as the title?</summary>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
            <li>
              A whole part of a title (“Lelouch of the Rebellion”), or with a film's or season's
              name (“One Piece Film Red”).
            </li>
            <li>
              A word only its title has (“titan”), or an abbreviation no other show shares (“SAO”,
              “FMAB”).
            </li>
            <li>
              Not common words alone (“hero”, “season 2”) nor a list of titles: those are refused
              without using a guess.
            </li>
            <li>An anime you have already seen answered scores nothing if it comes round again.</li>
          </ul>
        </details>
      </div>
      <form method="dialog" className="flex justify-end">
        {/* Closed by React's state once it has the page; by the form (no script) before. */}
        <Button
          type="submit"
          onClick={(event) => {
            event.preventDefault();
            onOpenChange(false);
          }}
        >
          Got it!
        </Button>
      </form>
    </NativeDialog>
  );
}

/** One way to play: its name and a few lines. */
function Mode({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-1">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {title}
      </h3>
      <ul className="grid list-disc gap-1 pl-5 marker:text-primary">{children}</ul>
    </section>
  );
}
