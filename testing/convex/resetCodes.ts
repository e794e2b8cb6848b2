import { vi } from "vitest";
import { RESET_CODE_LOG_PREFIX } from "../../convex/model/accounts/passwordReset";
import { resetCodeIn } from "../fixtures/accounts";

/**
 * Turns on the reset codes' log sender (as the offline preview does) and catches what it prints
 * instead of printing it: the codes sent so far, oldest first. Other console lines pass through.
 */
export function captureResetCodes(): { email: string; code: string }[] {
  vi.stubEnv("AUTH_RESET_CODES_TO_LOG", "true");
  const sent: { email: string; code: string }[] = [];
  const log = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const found = resetCodeIn(args.map(String).join(" "), RESET_CODE_LOG_PREFIX);
    if (found) sent.push(found);
    else log(...args);
  });
  return sent;
}
