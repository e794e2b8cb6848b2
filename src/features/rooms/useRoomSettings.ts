import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { MemberView } from "@convex/model/rooms/view";
import { messageFor } from "@/lib/errors";
import { notify } from "@/lib/notify";

/**
 * The host's settings in the lobby: rounds, seconds per round, and who may join. Each change is
 * sent at once; the live view shows it to everyone, and a refusal is a toast (nothing changed).
 */
export function useRoomSettings(room: MemberView) {
  const configure = useMutation(api.rooms.configure);
  const setPrivate = useMutation(api.rooms.setPrivate);

  function change(settings: { rounds?: number; seconds?: number }) {
    configure({ code: room.code, ...room.settings, ...settings }).catch((error: unknown) => {
      void notify("error", messageFor(error, "Could not change the settings"));
    });
  }

  function changePrivacy(makePrivate: boolean) {
    setPrivate({ code: room.code, private: makePrivate }).catch((error: unknown) => {
      void notify("error", messageFor(error, "Could not change who can join"));
    });
  }

  return { change, changePrivacy };
}
