import { useMutation, useQuery } from "convex/react";
import { SendIcon, SkipForwardIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { messageFor } from "@/lib/errors";
import { prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";
import { api } from "@convex/_generated/api";
import { errorCodeOf } from "@convex/model/errors";
import type { GameView } from "@convex/model/gameView";
import { BLUR_STEPS_PX, MAX_GUESS_LENGTH } from "@convex/model/rules";
import { AnswerReveal } from "@/components/game/AnswerReveal";
import { Celebration } from "./Celebration";
import { CoverImage } from "@/components/game/CoverImage";
import { GameCard, GameLayout, GamePlaceholder } from "./GameLayout";
import { GuessCounters } from "./GuessCounters";
import { loadConfetti } from "./loadConfetti";
import { RoundMessage } from "./RoundMessage";
import { TitleCombobox } from "./TitleCombobox";
import { useAnimeLoader, type LoadStatus } from "./useAnimeLoader";
import { useCooldownCountdown } from "./useCooldownCountdown";

/** The wrong-guess message shows for 1.5 s. */
export const WRONG_MESSAGE_MS = 1500;
/** How long "New day! Your guesses are back." shows after the midnight reset. */
export const NEW_DAY_MESSAGE_MS = 5000;

type Round = NonNullable<GameView["round"]>;

/**
 * The signed-in player's game. Opens the visit on the server once (which deals the first round
 * and follows the player's time zone) and shows the screen that call returns, so the clue needs
 * one round trip (issue 14); then the live game state: every change the server makes — a judged
 * guess, a cooldown's end, the midnight reset — arrives without polling.
 */
export function GameScreen({ below }: { below?: ReactNode }) {
  const live = useQuery(api.game.state);
  const open = useMutation(api.game.open);
  const [opened, setOpened] = useState<GameView | null>(null);
  const { status: loadStatus, load } = useAnimeLoader();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    void load(async () => {
      const view = await open({ timeZone });
      setOpened(view);
      return view?.round != null;
    });
  }, [load, open]);

  // The subscription, once it has the game, is never older than the call's result: Convex
  // resolves a mutation only after the subscriptions reflect it.
  const game = live ?? opened;
  const round = game?.round ?? null;
  return (
    <GameLayout score={game?.score ?? null}>
      {loadStatus === "loading" || !game || round === null ? (
        <GamePlaceholder busy={loadStatus !== "failed"}>
          {loadStatus === "retrying"
            ? "Error loading anime. Retrying..."
            : loadStatus === "failed"
              ? "Failed to load anime. Please refresh the page."
              : "Loading anime..."}
        </GamePlaceholder>
      ) : (
        <RoundView game={game} round={round} loadStatus={loadStatus} load={load} />
      )}
      {below}
    </GameLayout>
  );
}

function RoundView({
  game,
  round,
  loadStatus,
  load,
}: {
  game: GameView;
  round: Round;
  loadStatus: LoadStatus;
  load: (attempt: () => Promise<boolean>) => Promise<boolean>;
}) {
  const guess = useMutation(api.game.guess);
  const next = useMutation(api.game.next);
  const { openLogin } = useAuthDialog();
  const inputId = useId();
  const clueId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);

  const [text, setText] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [dealing, setDealing] = useState(false);
  const [wrong, setWrong] = useState<{ guessesLeft: number } | null>(null);
  const [celebrations, setCelebrations] = useState(0);
  const [nothingElse, setNothingElse] = useState(false);
  const [newDay, setNewDay] = useState(false);
  const [current, setCurrent] = useState({ round: round.number, reset: game.lastReset });
  if (current.round !== round.number || current.reset !== game.lastReset) {
    const midnight = current.reset !== game.lastReset;
    setCurrent({ round: round.number, reset: game.lastReset });
    // Skip and Next clear the input; the midnight reset's new anime keeps a half-typed guess.
    if (!midnight) setText("");
    setNewDay(midnight);
    setWrong(null);
    setNothingElse(false);
  }

  const cooldownSecondsLeft = useCooldownCountdown(game.cooldownEnd);
  const cooling = game.cooldownEnd !== null;
  const playing = round.status === "playing";
  const canGuess = playing && !cooling;

  useEffect(() => {
    if (!newDay) return;
    const timer = setTimeout(() => setNewDay(false), NEW_DAY_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [newDay]);

  useEffect(() => {
    if (wrong === null) return;
    const timer = setTimeout(() => setWrong(null), WRONG_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrong]);

  // When the control in use gets disabled (the round ended, a new one was dealt), hand the focus
  // to the one that comes next, so the keyboard flow is Enter to guess, Enter for the next anime.
  const shown = useRef({ number: round.number, canGuess });
  useEffect(() => {
    const before = shown.current;
    shown.current = { number: round.number, canGuess };
    if (before.number === round.number && before.canGuess === canGuess) return;
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
      if (outcome.kind === "correct") setCelebrations((count) => count + 1);
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
      } else if (code === "GUESS_IS_A_LIST" || code === "GUESS_TOO_LONG") {
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
        if (outcome.kind === "nothingElse") setNothingElse(true);
        return outcome.kind !== "poolEmpty";
      });
    } finally {
      setDealing(false);
    }
  }

  const answer = round.answer;
  const answerTitle = answer?.english ?? answer?.romaji ?? null;

  return (
    <GameCard
      cover={
        <CoverImage
          path={round.coverPath}
          color={round.coverColor}
          step={
            round.status === "playing"
              ? Math.min(round.guessesUsed, BLUR_STEPS_PX.length - 1)
              : null
          }
          alt={
            answerTitle === null ? "Blurred cover of the anime to guess" : `Cover of ${answerTitle}`
          }
        />
      }
    >
      <section aria-labelledby={clueId}>
        <h2
          id={clueId}
          className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
        >
          Clue
        </h2>
        <p className="leading-relaxed break-words whitespace-pre-line">{round.clue}</p>
      </section>

      <GuessCounters
        animeRemaining={game.animeRemaining}
        animeLimit={game.animeLimit}
        dailyRemaining={game.dailyRemaining}
        dailyLimit={game.dailyLimit}
      />

      <RoundMessage
        loadStatus={loadStatus}
        cooldownSecondsLeft={cooldownSecondsLeft}
        roundStatus={round.status}
        pointsEarned={round.pointsEarned}
        wrongGuessesLeft={wrong?.guessesLeft ?? null}
        seenBefore={round.seenBefore}
        nothingElse={nothingElse}
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

      {answer !== null && (
        <AnswerReveal answer={answer} label={round.status === "solved" ? "Solved" : "The answer"} />
      )}
      {playing && game.skippedAnswer !== null && (
        <AnswerReveal answer={game.skippedAnswer} label="Skipped" />
      )}

      {celebrations > 0 && <Celebration key={celebrations} />}
    </GameCard>
  );
}
