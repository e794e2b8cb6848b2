import { errorCodeOf } from "@convex/model/shared/errors";
import { FILL_POOL_COMMAND } from "@/components/game/PoolTooSmall";
import { messageFor } from "@/lib/errors";

/**
 * What a refused Start or Play again says: the refusal's message, and for a pool too small to
 * deal (the Dailies hold all of it), how an admin fills it.
 */
export function startFailureMessage(error: unknown, fallback: string, isAdmin: boolean): string {
  const message = messageFor(error, fallback);
  if (!isAdmin || errorCodeOf(error) !== "ROOM_POOL_TOO_SMALL") return message;
  return `${message}. An admin can fill the pool: ${FILL_POOL_COMMAND}`;
}
