import { notify } from "@/lib/notify";

/** Copies the room's link; where the clipboard refuses, the toast shows the link to copy by hand. */
export function useCopyLink(address: string) {
  return async function copyLink() {
    try {
      await navigator.clipboard.writeText(address);
      void notify("success", "Room link copied");
    } catch {
      void notify("error", `Copy failed: the link is ${address}`);
    }
  };
}
