import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { GameView } from "@convex/model/game/view";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import { rememberTimeZone, takeBootGame } from "@/boot/gameCall";
import { AnswerReveal } from "@/components/game/AnswerReveal";
import { Celebration } from "./Celebration";
import { CoverImage } from "@/components/game/CoverImage";
import { GameCard, GameLayout, GamePlaceholder, type GameSlots } from "./GameLayout";
import { GuessCounters } from "./GuessCounters";
import { GuessForm, type Round } from "./GuessForm";
import { useCatchUpTimer, useLiveGame } from "./liveGame";
import { PoolWait } from "./PoolWait";
import { useAnimeLoader, type LoadStatus } from "./useAnimeLoader";
import { useCooldownCountdown, useCooldownDeadline } from "./useCooldownCountdown";

/** Labels the answer of the round the midnight reset replaced: the player did not skip it. */
export const REPLACED_AT_MIDNIGHT = "Unfinished at midnight";

/**
 * The signed-in player's game. Opens the visit on the server once (which deals the first round
 * and follows the player's time zone) and shows the screen that call returns, so the clue needs
 * one round trip; then the live game state: every change the server makes — a judged guess, a
 * cooldown's end, the midnight reset — arrives without polling (the last two when the page asks
 * for them at their instant: the server schedules nothing per player). On a fresh load of /game the boot
 * has made that call already (src/boot/gameCall.ts): `boot` is its answer, if it came before the
 * scripts did, and the screen starts with its round, in place of the one the boot painted.
 */
export function GameScreen({
  actions,
  below,
  boot = null,
}: GameSlots & { boot?: GameView | null }) {
  const { isAuthenticated } = useConvexAuth();
  // With `boot`, the screen may show before the client's sign-in has been accepted; the
  // player's queries wait for it.
  const live = useQuery(api.game.state, isAuthenticated ? {} : "skip");
  const open = useMutation(api.game.open);
  const sync = useMutation(api.game.sync);
  const [opened, setOpened] = useState<GameView | null>(boot);
  const { status: loadStatus, load } = useAnimeLoader(boot === null ? "loading" : "loaded");
  const started = useRef(false);
  // A zone the boot's call did not send, reported once the client is signed in.
  const [zoneToReport, setZoneToReport] = useState<string | null>(null);
  const zoneReported = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    rememberTimeZone(timeZone);
    void load(async () => {
      const booted = await takeBootGame();
      if (booted !== null && booted.timeZone !== timeZone) setZoneToReport(timeZone);
      const view = booted?.view ?? (await open({ timeZone }));
      setOpened(view);
      // Opened, with a round or without one: an empty pool is waited for (PoolWait), not retried.
      return view !== null;
    });
  }, [load, open]);

  // The pool has an anime now: the server deals the round that opening the game found none for.
  const reopen = useCallback(async () => {
    await load(async () => {
      setOpened(await open({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
      return true;
    });
  }, [load, open]);

  useEffect(() => {
    if (!isAuthenticated || zoneToReport === null || zoneReported.current) return;
    zoneReported.current = true;
    void open({ timeZone: zoneToReport }).catch((error: unknown) => {
      // Only the next reset follows the zone: the next visit reports it again.
      console.error("Reporting the time zone failed", error);
    });
  }, [isAuthenticated, zoneToReport, open]);

  // The call's result until the subscription has caught up with it (the boot's call went over
  // HTTP: the subscription's first result may be older), then the subscription.
  const game = useLiveGame(live, opened);
  const cooldownDeadline = useCooldownDeadline(game?.cooldownEnd ?? null, game !== null);
  const askSync = useCallback(() => sync({}), [sync]);
  useCatchUpTimer(game, cooldownDeadline, askSync, isAuthenticated);
  const round = game?.round ?? null;
  const showsRound = loadStatus !== "loading" && game !== null && round !== null;
  const waitsForPool = loadStatus === "loaded" && game !== null && round === null;
  return (
    <GameLayout score={game?.score ?? null} actions={actions}>
      {waitsForPool ? (
        <PoolWait reopen={reopen} />
      ) : !showsRound ? (
        <GamePlaceholder busy={loadStatus !== "failed"}>
          {loadStatus === "retrying"
            ? "Error loading anime. Retrying..."
            : loadStatus === "failed"
              ? "Failed to load anime. Please refresh the page."
              : "Loading anime..."}
        </GamePlaceholder>
      ) : (
        <RoundCard
          game={game}
          round={round}
          cooldownDeadline={cooldownDeadline}
          loadStatus={loadStatus}
          load={load}
        />
      )}
      {/* Under the round only: shown above the placeholder, it would jump when the round came. */}
      {showsRound && isAuthenticated && below}
    </GameLayout>
  );
}

/**
 * The round's form is keyed by the round, so a new round starts it afresh. The midnight reset
 * deals a new round too (a new number, so that a guess sent for the old anime is stale), but the
 * player did not ask for it: a round the reset dealt keeps its predecessor's key, and with it a
 * half-typed guess. Skip and Next Anime → give a new key, which clears the box.
 */
function formKeyOf(round: Round): string {
  return `round ${round.dealtAtReset ? round.number - 1 : round.number}`;
}

function RoundCard({
  game,
  round,
  cooldownDeadline,
  loadStatus,
  load,
}: {
  game: GameView;
  round: Round;
  /** When the cooldown is over on this device's clock (see useCooldownDeadline). */
  cooldownDeadline: number | null;
  loadStatus: LoadStatus;
  load: (attempt: () => Promise<boolean>) => Promise<boolean>;
}) {
  const clueId = useId();
  const [celebrations, setCelebrations] = useState(0);
  const cooldownSecondsLeft = useCooldownCountdown(cooldownDeadline);
  const formKey = formKeyOf(round);
  const [firstFormKey] = useState(formKey);

  const playing = round.status === "playing";
  const answer = round.answer;
  const answerTitle = answer?.english ?? answer?.romaji ?? null;

  return (
    <GameCard
      cover={
        <CoverImage
          path={round.coverPath}
          color={round.coverColor}
          step={playing ? Math.min(round.guessesUsed, BLUR_STEPS_PX.length - 1) : null}
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

      <GuessForm
        key={formKey}
        round={round}
        lastReset={game.lastReset}
        cooling={game.cooldownEnd !== null}
        cooldownSecondsLeft={cooldownSecondsLeft}
        loadStatus={loadStatus}
        load={load}
        onCorrect={() => setCelebrations((count) => count + 1)}
        replacesForm={formKey !== firstFormKey}
      />

      {answer !== null && (
        <AnswerReveal answer={answer} label={round.status === "solved" ? "Solved" : "The answer"} />
      )}
      {playing && game.skippedAnswer !== null && (
        <AnswerReveal
          answer={game.skippedAnswer}
          label={round.dealtAtReset ? REPLACED_AT_MIDNIGHT : "Skipped"}
        />
      )}

      {celebrations > 0 && <Celebration key={`celebration ${celebrations}`} />}
    </GameCard>
  );
}
