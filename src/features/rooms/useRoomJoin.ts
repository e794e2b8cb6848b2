import { useMutation, useQuery } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { messageFor } from "@/lib/errors";
import { linkSecretOf, refusalText } from "./roomLink";

/**
 * The room at /room/:code(#secret), live, and the page's join: asked once per code and link, at
 * once, alongside the view (not after it said "outside": a member joining again is simply back,
 * so the page waits for one round trip rather than two). `joinError`: why this join was refused.
 */
export function useRoomJoin(code: string) {
  const room = useQuery(api.rooms.view, { code });
  const join = useMutation(api.rooms.join);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const secret = linkSecretOf(hash);
  /** The join asked for: this code with this link's secret (a link opened over a refusal asks again). */
  const attempt = `${code}#${secret ?? ""}`;
  const [refusal, setRefusal] = useState<{ attempt: string; message: string } | null>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === attempt) return;
    asked.current = attempt;
    const refused = (message: string) => setRefusal({ attempt, message });
    join({ code, secret }).then(
      (joined) => {
        if (joined.kind === "refused") refused(refusalText(joined));
        else if (joined.code !== code) {
          // The code as typed ("k7qm2x"): the room's own address, without asking again.
          asked.current = `${joined.code}#${secret ?? ""}`;
          void navigate(`/room/${joined.code}${hash}`, { replace: true });
        }
      },
      (error: unknown) => refused(messageFor(error, "Could not join the room")),
    );
  }, [attempt, code, secret, hash, join, navigate]);

  return { room, joinError: refusal?.attempt === attempt ? refusal.message : null };
}
