import { useRef, useState } from "react";
import { errorCodeOf } from "@convex/model/shared/errors";
import { notify } from "./notify";

export type CallOptions = {
  /** The toast when the call succeeds, if any. */
  success?: string;
  /** What the player reads when it fails: usually `messageFor(error, fallback)`. */
  failure: (error: unknown) => string;
  /** Whether the failure is also a toast (default), or only returned for the form to show. */
  toastFailure?: boolean;
  /** Console label for a failure that is not one of our coded refusals (a fault to look into). */
  logAs: string;
};

export type CallResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * One player-started call at a time (a submit, a join, a logout): `working` while it runs, a
 * second start meanwhile is ignored (null), the outcome as toasts through `lib/notify`, and the
 * result for the caller to show inline or act on.
 */
export function useBusyCall() {
  const [working, setWorking] = useState(false);
  const inFlight = useRef(false);

  async function run<T>(
    call: () => Promise<T>,
    options: CallOptions,
  ): Promise<CallResult<T> | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setWorking(true);
    try {
      const value = await call();
      if (options.success !== undefined) void notify("success", options.success);
      return { ok: true, value };
    } catch (error) {
      if (errorCodeOf(error) === null) console.error(options.logAs, error);
      const message = options.failure(error);
      if (options.toastFailure !== false) void notify("error", message);
      return { ok: false, message };
    } finally {
      inFlight.current = false;
      setWorking(false);
    }
  }

  return { working, run };
}
