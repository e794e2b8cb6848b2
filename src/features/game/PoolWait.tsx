import type { PoolStatus } from "@convex/model/catalogue/pool";
import { GameCard, PlaceholderCover } from "@/components/game/GameCard";
import { PoolSteps } from "@/components/pool/PoolSteps";
import { PoolStuck } from "@/components/pool/PoolStuck";
import { usePoolWait } from "@/components/pool/usePoolWait";

/**
 * The game screen while the pool has no anime to deal (a fresh deployment: the first refresh
 * is fetching from AniList and making covers). It follows the pool's status live and, as soon as
 * an anime is ready, asks the server for the round again (`reopen`: `game.open`, which deals it):
 * no reload. A fill that stopped with nothing ready (AniList failing, a refresh that died, covers
 * that could not be made) says so, with Try again.
 */
export function PoolWait({ reopen }: { reopen: () => Promise<void> }) {
  const { status, tryAgain, trying } = usePoolWait(reopen);
  if (status?.stuck === true) {
    return (
      <GameCard cover={<PlaceholderCover still />}>
        <PoolStuck status={status} onTryAgain={tryAgain} trying={trying} />
      </GameCard>
    );
  }
  return <PoolProgress status={status} />;
}

function PoolProgress({ status }: { status: PoolStatus | undefined }) {
  const count = status === undefined ? "" : `: ${status.ready} of ${status.target} anime ready`;
  return (
    <GameCard cover={<PlaceholderCover />}>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Preparing the anime pool</h2>
        <p role="status" className="sr-only">
          Preparing the anime pool{count}
        </p>
        <p className="text-muted-foreground">
          The game has just been set up: its first anime are on their way from AniList. Your first
          round starts by itself as soon as one is ready.
        </p>
      </div>
      <PoolSteps status={status} />
    </GameCard>
  );
}
