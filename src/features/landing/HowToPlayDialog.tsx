import { ZapIcon } from "lucide-react";
import {
  COOLDOWN_MS,
  DAILY_GUESSES,
  GUESSES_PER_ANIME,
  POINTS_PER_CORRECT_GUESS,
  QUICK_GUESS_BONUS,
} from "@convex/model/shared/rules";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

const cooldownMinutes = COOLDOWN_MS / 60_000;

const rules = [
  "Each round shows a blurred anime cover and a clue: a short description with the names taken out.",
  "Type the anime's title and submit your guess: any of its English, Japanese or alternative titles counts, or a whole part of one (such as “Lelouch of the Rebellion” for Code Geass: Lelouch of the Rebellion), small typos forgiven, and so does its title with a film's or season's name (“One Piece Film Red”).",
  "A word only this show's title has counts too (“titan”), and so does an abbreviation of 3 letters or more that no other show shares, as initials or as a name, and that spells no common word (“SAO”, “FMAB”; not “OKAY”).",
  "Common words never count alone, even from the title (“punch”, “hero”, “another world”, “season 2”), unless they are a whole title; a word other shows share (“kimi”) does not count either.",
  "A guess of common words only that is no title, even with a small typo, or a list of titles, is refused without using a guess: one title per guess.",
  `You have ${DAILY_GUESSES} guesses a day, and up to ${GUESSES_PER_ANIME} for each anime.`,
  "Every wrong guess makes the cover a little sharper.",
  "When a round ends, the answer is revealed, so you learn something either way.",
  "An anime whose answer you have seen (solved, missed or skipped) scores nothing if it comes round again.",
  `Used all ${DAILY_GUESSES} daily guesses? A ${cooldownMinutes}-minute cooldown starts, then you get a fresh set: ${DAILY_GUESSES}, and ${GUESSES_PER_ANIME} for an anime still in play.`,
  "Your daily guesses also reset at midnight, your local time (a new time zone counts from the next reset).",
];

/** The rules of the game; closes with "Got it!". */
export default function HowToPlayDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="How to Play"
      description="Guess the anime from its cover and a clue."
    >
      <ol className="grid list-decimal gap-2 pl-5 text-sm leading-relaxed marker:text-primary">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <div className="grid gap-2 rounded-lg border bg-muted/60 p-3 text-sm">
        <p className="flex items-start gap-2">
          <Badge className="mt-0.5">+{POINTS_PER_CORRECT_GUESS}</Badge>
          <span>points for every correct guess</span>
        </p>
        <p className="flex items-start gap-2">
          <Badge variant="secondary" className="mt-0.5">
            <ZapIcon />
            Bonus
          </Badge>
          <span>
            +{QUICK_GUESS_BONUS} quick-guess bonus when you get it right on your first guess
          </span>
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button">Got it!</Button>
        </DialogClose>
      </DialogFooter>
    </TitledDialog>
  );
}
