import { useMatches } from "react-router-dom";

/** What a route's `handle` may say: where its skip link leads, and what it says. */
export type SkipLinkHandle = { skipLink?: { targetId: string; label: string } };

function skipLinkOf(handle: unknown): SkipLinkHandle["skipLink"] {
  return typeof handle === "object" && handle !== null && "skipLink" in handle
    ? (handle as SkipLinkHandle).skipLink
    : undefined;
}

/**
 * The page's first focusable element, on routes whose handle names one: a link, shown only while
 * focused, past the top bar to the first usable control of the target (the guess box, or Next
 * Anime → once the box is locked). The focus is moved by hand, since a fragment alone moves only
 * where the next Tab starts.
 */
export function SkipLink() {
  const skipLink = useMatches()
    .map((match) => skipLinkOf(match.handle))
    .findLast((link) => link !== undefined);
  if (skipLink === undefined) return null;
  return (
    <a
      href={`#${skipLink.targetId}`}
      onClick={(event) => {
        const target = document.getElementById(skipLink.targetId);
        if (target === null) return;
        event.preventDefault();
        const control =
          target.querySelector<HTMLElement>("input:not(:disabled), button:not(:disabled)") ??
          target;
        control.focus();
      }}
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground outline-none focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {skipLink.label}
    </a>
  );
}
