import { afterEach, beforeEach, vi } from "vitest";
import { RESET_CODE_LOG_PREFIX } from "../../convex/model/accounts/passwordReset";
import { resetCodeIn, type SentReset } from "../fixtures/accounts";

/**
 * Turns on the reset codes' log sender (as the offline preview does) and catches what it prints
 * instead of printing it: the e-mails sent so far (address, code, link), oldest first. Other
 * console lines pass through.
 */
export function captureResetCodes(): SentReset[] {
  return captureInto([]);
}

/**
 * `captureResetCodes` around every test of the suite that calls it: the array holds the e-mails of
 * the test running, and the stubbed environment and console are put back after each.
 */
export function captureResetCodesEachTest(): SentReset[] {
  const sent: SentReset[] = [];
  beforeEach(() => {
    sent.length = 0;
    captureInto(sent);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  return sent;
}

function captureInto(sent: SentReset[]): SentReset[] {
  vi.stubEnv("AUTH_RESET_CODES_TO_LOG", "true");
  const log = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const found = resetCodeIn(args.map(String).join(" "), RESET_CODE_LOG_PREFIX);
    if (found) sent.push(found);
    else log(...args);
  });
  return sent;
}
