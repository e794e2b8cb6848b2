import { useMutation } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "@convex/_generated/api";
import { ROOM_HEARTBEAT_MS } from "@convex/model/shared/rules";

/**
 * Tells the room the player is still here while the page is open (the server's sweep marks a
 * player who stops, e.g. a closed tab, as gone). Beats at once when the tab becomes visible.
 * Returns how far the server's clock is ahead of the device's (from the beat's round trip), so
 * the countdown shows the server's time even on a device whose clock is off.
 */
export function useRoomHeartbeat(code: string, active: boolean): number {
  const heartbeat = useMutation(api.rooms.heartbeat);
  const [offsetMs, setOffsetMs] = useState(0);
  useEffect(() => {
    if (!active) return;
    const beat = () => {
      const sent = Date.now();
      heartbeat({ code }).then(
        ({ now }) => setOffsetMs(now - (sent + Date.now()) / 2),
        () => {
          // A missed beat is harmless: the next one comes shortly, and the view shows any change.
        },
      );
    };
    beat();
    const timer = setInterval(beat, ROOM_HEARTBEAT_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") beat();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [code, active, heartbeat]);
  return offsetMs;
}
