import { CircleAlertIcon, PlayIcon, RotateCcwIcon } from "lucide-react";
import { FillPoolHint } from "@/components/game/PoolTooSmall";
import { Button } from "@/components/ui/button";
import { useViewer } from "@/lib/auth/viewer";
import { RoomPoolWait } from "./RoomPoolWait";
import { useRoomStart, type StartRefusal } from "./useRoomStart";

const ACTIONS = {
  start: { label: "Start", icon: PlayIcon, refused: "The game did not start" },
  again: { label: "Play again", icon: RotateCcwIcon, refused: "No new game started" },
};

/**
 * The host's Start in the lobby, or Play again on the podium; in its place, the pool's fill it
 * waits for, or why it started nothing and what to do then.
 */
export function RoomStart({ code, action }: { code: string; action: keyof typeof ACTIONS }) {
  const { label, icon: Icon, refused } = ACTIONS[action];
  const { starting, waitingForPool, refusal, startNow, startWhenReady } = useRoomStart(code);
  if (waitingForPool) return <RoomPoolWait onReady={startWhenReady} />;
  const button = (
    <Button onClick={() => void startNow()} disabled={starting}>
      <Icon />
      {refusal === null ? label : "Try again"}
    </Button>
  );
  if (refusal === null) return button;
  return (
    <StartRefused refusal={refusal} title={refused}>
      {button}
    </StartRefused>
  );
}

/** A refused Start: what happened (the refusal's message), what to do, and Try again. */
function StartRefused({
  refusal,
  title,
  children,
}: {
  refusal: StartRefusal;
  title: string;
  children: React.ReactNode;
}) {
  const viewer = useViewer();
  const isAdmin = viewer.status === "signedIn" && viewer.viewer.isAdmin;
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-300/50 p-3 text-left">
      <h3 className="flex items-center gap-2 font-semibold">
        <CircleAlertIcon className="size-4 shrink-0 text-amber-300" aria-hidden />
        {title}
      </h3>
      <p className="text-sm">{refusal.message}.</p>
      {/* The pool grows only by its refresh, or an admin's fill: tell an admin how. */}
      {refusal.code === "ROOM_POOL_TOO_SMALL" && isAdmin && (
        <div className="text-sm">
          <FillPoolHint isAdmin />
        </div>
      )}
      {children}
    </div>
  );
}
