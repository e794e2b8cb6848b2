import { useMutation } from "convex/react";
import { SendIcon, SkipForwardIcon } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { messageFor } from "@/lib/errors";
import { prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";
import { api } from "@convex/_generated/api";
import { errorCodeOf } from "@convex/model/shared/errors";
import type { GameView } from "@convex/model/game/view";
import { MAX_GUESS_LENGTH } from "@convex/model/shared/rules";
import { loadConfetti } from "./loadConfetti";
import { RoundMessage } from "./RoundMessage";
import type { EarlyInput } from "./earlyOpen";
import { TitleCombobox } from "./TitleCombobox";
import type { LoadStatus } from "./useAnimeLoader";

/** The wrong-guess message shows for 1.5 s. */
export const WRONG_MESSAGE_MS = 1500;
/** How long "New day! Your guesses are back." shows after the midnight reset. */
export const NEW_DAY_MESSAGE_MS = 5000;

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
  /** Mounted in place of the round the page's HTML painted: what was typed there (earlyOpen.ts). */
  earlyInput?: EarlyInput | null;
};

/**
 * The round's message, the guess box, Submit and Skip / Next Anime →. Its state (the typed text,
 * the messages of the moment) belongs to one round: the game screen keys it by round, so a new
 * round starts it afresh.
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
  earlyInput = null,
}: GuessFormProps) {
  const guess = useMutation(api.game.guess);
  const next = useMutation(api.game.next);
  const { openLogin } = useAuthDialog();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);

  const [text, setText] = useState(earlyInput?.box.value ?? "");
  const [submitting, setSubmitting] = useState(false);
  const [dealing, setDealing] = useState(false);
  const [wrong, setWrong] = useState<{ guessesLeft: number } | null>(null);
  // Kept by round number: the reset can deal a new round into this same form.
  const [nothingElseIn, setNothingElseIn] = useState<number | null>(null);
  const [announcedReset, setAnnouncedReset] = useState(lastReset);
  const newDay = lastReset !== announcedReset;

  const playing = round.status === "playing";
  const canGuess = playing && !cooling;

  useEffect(() => {
    if (!newDay) return;
    const timer = setTimeout(() => setAnnouncedReset(lastReset), NEW_DAY_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [newDay, lastReset]);

  useEffect(() => {
    if (wrong === null) return;
    const timer = setTimeout(() => setWrong(null), WRONG_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrong]);

  // When the control in use gets disabled or replaced (the round ended, a new one was dealt),
  // hand the focus to the one that comes next, so the keyboard flow is Enter to guess, Enter for
  // the next anime. The screen's first form takes no focus (it would open a phone's keyboard).
  const shown = useRef(replacesForm ? null : { number: round.number, canGuess });
  useEffect(() => {
    const before = shown.current;
    shown.current = { number: round.number, canGuess };
    if (before?.number === round.number && before.canGuess === canGuess) return;
    const active = document.activeElement;
    const onControls =
      active === null ||
      active === document.body ||
      active === inputRef.current ||
      active === skipRef.current;
    if (!onControls) return;
    if (canGuess) inputRef.current?.focus();
    else skipRef.current?.focus();
  }, [round.number, canGuess]);

  // In place of the painted round's box: what was typed there until React's commit (it may have
  // changed since the render), and the focus with the caret where it was, before the next paint.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (earlyInput === null || input === null) return;
    const { box, call } = earlyInput;
    setText(box.value);
    if (call.inputFocused !== true) return;
    input.focus();
    if (box.selectionStart !== null && box.selectionEnd !== null) {
      input.setSelectionRange(box.selectionStart, box.selectionEnd);
    }
  }, [earlyInput]);

  async function submitGuess(event: FormEvent) {
    event.preventDefault();
    if (!canGuess || submitting || text.trim() === "") return;
    const submitted = text;
    setSubmitting(true);
    prefetch(loadConfetti);
    try {
      const outcome = await guess({
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: submitted,
      });
      if (outcome.kind === "wrong") setWrong({ guessesLeft: outcome.guessesLeft });
      if (outcome.kind === "correct") onCorrect();
      if (
        outcome.kind === "wrong" ||
        outcome.kind === "correct" ||
        outcome.kind === "outOfGuesses"
      ) {
        // Keep anything the player typed while the guess was being judged.
        setText((current) => (current === submitted ? "" : current));
      }
      // Any other outcome (a duplicate, the cooldown) is already on screen from the live state.
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "NOT_SIGNED_IN") {
        openLogin();
      } else if (
        code === "GUESS_IS_A_LIST" ||
        code === "GUESS_TOO_GENERIC" ||
        code === "GUESS_TOO_LONG"
      ) {
        // Refused before judging: the guess is not used and the typed text stays to be fixed.
        await notify("error", messageFor(error, "One title per guess."));
      } else {
        console.error("Submitting a guess failed", error);
        await notify("error", messageFor(error, "Failed to submit your guess. Please try again."));
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function dealNextAnime() {
    setDealing(true);
    setWrong(null);
    try {
      await load(async () => {
        const outcome = await next({ roundNumber: round.number });
        if (outcome.kind === "nothingElse") setNothingElseIn(round.number);
        return outcome.kind !== "poolEmpty";
      });
    } finally {
      setDealing(false);
    }
  }

  return (
    <>
      <RoundMessage
        loadStatus={loadStatus}
        cooldownSecondsLeft={cooldownSecondsLeft}
        roundStatus={round.status}
        pointsEarned={round.pointsEarned}
        wrongGuessesLeft={wrong?.guessesLeft ?? null}
        seenBefore={round.seenBefore}
        nothingElse={nothingElseIn === round.number}
        newDay={newDay}
      />

      <form className="grid gap-3" onSubmit={(event) => void submitGuess(event)}>
        <Label htmlFor={inputId} className="sr-only">
          Your guess
        </Label>
        <TitleCombobox
          ref={inputRef}
          id={inputId}
          value={text}
          onValueChange={setText}
          placeholder="Try your best guess..."
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="send"
          maxLength={MAX_GUESS_LENGTH}
          disabled={!canGuess}
          className="h-11"
        />
        <div className="grid grid-cols-2 gap-3">
          <Button type="submit" size="lg" disabled={!canGuess || submitting}>
            {submitting ? <Spinner /> : <SendIcon />}
            Submit Guess
          </Button>
          <Button
            ref={skipRef}
            type="button"
            size="lg"
            variant={playing ? "outline" : "default"}
            disabled={cooling || dealing}
            onClick={() => void dealNextAnime()}
          >
            {dealing ? <Spinner /> : playing && <SkipForwardIcon />}
            {playing ? "Skip" : "Next Anime →"}
          </Button>
        </div>
      </form>
    </>
  );
}
