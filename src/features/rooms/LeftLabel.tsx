/**
 * Beside the name of a player who left the room (the Leave button, or their page closed): said
 * in words, where a dimmed row alone told only those who can see the dimming and guess at it.
 */
export function LeftLabel() {
  return (
    <span className="shrink-0 rounded-sm border px-1 text-[0.6875rem] leading-4 text-muted-foreground">
      left
    </span>
  );
}
