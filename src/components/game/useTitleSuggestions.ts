import { useConvexAuth, useQuery } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "@convex/_generated/api";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS } from "@convex/model/shared/rules";

/**
 * The pool's titles for the text in the guess box, asked once typing pauses, from 2 characters:
 * `asking` while the text is long enough to ask, `titles` the last answer (it stays on screen
 * while the next one loads, so the list does not flicker).
 */
export function useTitleSuggestions(value: string, disabled: boolean | undefined) {
  const typed = value.trim();
  const wanted = useDebounced(typed, SUGGEST_DEBOUNCE_MS);
  // Players only: the box can be typed in before the client's sign-in is accepted (the round
  // the page's HTML brought is on screen then), and the query would be refused.
  const { isAuthenticated } = useConvexAuth();
  const asking = isAuthenticated && !disabled && wanted.length >= SUGGEST_MIN_CHARS;
  const fetched = useQuery(api.titles.suggest, asking ? { text: wanted } : "skip");
  const [titles, setTitles] = useState<readonly string[]>([]);
  if (fetched !== undefined && fetched !== titles) setTitles(fetched);
  const usable = asking && typed.length >= SUGGEST_MIN_CHARS;
  return { titles, usable };
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
