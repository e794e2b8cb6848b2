import { vi } from "vitest";
import { RESET_CODE_LOG_PREFIX } from "../../convex/model/accounts/passwordReset";
import { resetCodeIn, type SentReset } from "../fixtures/accounts";

/**
 * Turns on the reset codes' log sender (as the offline preview does) and catches what it prints
 * instead of printing it: the e-mails sent so far (address, code, link), oldest first. Other
 * console lines pass through.
 */
export function captureResetCodes(): SentReset[] {
  vi.stubEnv("AUTH_RESET_CODES_TO_LOG", "true");
  const sent: SentReset[] = [];
  const log = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const found = resetCodeIn(args.map(String).join(" "), RESET_CODE_LOG_PREFIX);
    if (found) sent.push(found);
    else log(...args);
  });
  return sent;
}
