import { PoolSteps } from "@/components/pool/PoolSteps";
import { PoolStuck } from "@/components/pool/PoolStuck";
import { usePoolWait } from "@/components/pool/usePoolWait";

/**
 * In the host's lobby while the pool fills for its first anime: its progress, live, or what
 * stopped it with Try again; the game starts by itself once an anime is ready.
 */
export function RoomPoolWait({ onReady }: { onReady: () => Promise<void> }) {
  const { status, tryAgain, trying } = usePoolWait(onReady);
  if (status?.stuck === true) {
    return (
      <div className="grid gap-3">
        <PoolStuck status={status} onTryAgain={tryAgain} trying={trying} />
      </div>
    );
  }
  const count = status === undefined ? "" : `: ${status.ready} of ${status.target} anime ready`;
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <h3 className="font-semibold">Preparing the anime pool</h3>
      <p role="status" className="sr-only">
        Preparing the anime pool{count}
      </p>
      <p className="text-sm text-muted-foreground">
        The game has just been set up: its first anime are on their way from AniList. Your game
        starts by itself as soon as one is ready.
      </p>
      <PoolSteps status={status} />
    </div>
  );
}
