import { useMutation } from "convex/react";
import { useEffect } from "react";
import { api } from "@convex/_generated/api";
import { ROOM_HEARTBEAT_MS } from "@convex/model/rules";

/**
 * Tells the room the player is still here while the page is open (the server's sweep marks a
 * player who stops, e.g. a closed tab, as gone). Beats at once when the tab becomes visible.
 */
export function useRoomHeartbeat(code: string, active: boolean) {
  const heartbeat = useMutation(api.rooms.heartbeat);
  useEffect(() => {
    if (!active) return;
    const beat = () => {
      heartbeat({ code }).catch(() => {
        // A missed beat is harmless: the next one comes shortly, and the view shows any change.
      });
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
}
