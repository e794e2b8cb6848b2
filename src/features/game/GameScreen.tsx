import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { GameView } from "@convex/model/game/view";
import { rememberTimeZone, takeBootGame } from "@/boot/gameCall";
import { GameLayout, GamePlaceholder, type GameSlots } from "./GameLayout";
import { useCatchUpTimer, useLiveGame } from "./liveGame";
import { PoolGate } from "./PoolGate";
import { RoundCard } from "./RoundCard";
import { useAnimeLoader } from "./useAnimeLoader";
import { useCooldownDeadline } from "./useCooldownCountdown";

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
        <PoolGate reopen={reopen} />
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

export { REPLACED_AT_MIDNIGHT } from "./RoundCard";
