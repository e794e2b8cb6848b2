import { useBusyCall } from "./useBusyCall";

export type ShareMessages = {
  /** The toast once the text is on the clipboard. */
  copied: string;
  /** The toast when the clipboard refused it: where to find the text instead. */
  copyFailed: string;
  /** What is shared, for the console's label of a failure ("the result": "Copying the result failed"). */
  subject: string;
};

/** Closing the share sheet without picking anything: the browser's way to say "no", not a failure. */
const isDismissal = (error: unknown) =>
  error instanceof DOMException && error.name === "AbortError";

/**
 * Copy and Share for a text (a result, a room's link): Copy puts it on the clipboard, Share hands
 * it to the device's share sheet where there is one (`canShare`); either says how it went in a
 * toast. One call at a time: `working` while the clipboard or the share sheet has it.
 */
export function useShare(text: string, messages: ShareMessages) {
  const canShare = typeof navigator.share === "function";
  const { working, run } = useBusyCall();

  async function copy() {
    await run(() => navigator.clipboard.writeText(text), {
      success: messages.copied,
      failure: () => messages.copyFailed,
      logAs: `Copying ${messages.subject} failed`,
    });
  }

  async function share() {
    await run(
      () =>
        navigator.share({ text }).catch((error: unknown) => {
          if (!isDismissal(error)) throw error;
        }),
      {
        failure: () => "Could not open sharing. Copy the text instead.",
        logAs: `Sharing ${messages.subject} failed`,
      },
    );
  }

  return { canShare, working, copy, share };
}
