import { useState, type KeyboardEvent } from "react";

/** The list's tallest: 7 suggestions. */
const LIST_MAX_PX = 288;
/** Kept clear above the list: the sticky top bar (h-14) and a little air. */
const LIST_TOP_CLEARANCE_PX = 64;

/**
 * The suggestion list's state as the combobox pattern has it: open or not, the active option,
 * the keys (arrows move through the options and open the list, Enter on one fills the box,
 * Escape closes), and its height, fitted between the top bar and the box it opens above.
 */
export function useSuggestionList({
  titles,
  usable,
  onPick,
}: {
  titles: readonly string[];
  /** Whether the box's text may show suggestions now (long enough, not disabled). */
  usable: boolean;
  onPick: (title: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [maxPx, setMaxPx] = useState(LIST_MAX_PX);
  const expanded = open && usable && titles.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(title: string) {
    onPick(title);
    close();
  }

  /** The text changed: the list opens afresh, as tall as the room above the box allows. */
  function typed(input: HTMLInputElement) {
    const room = input.getBoundingClientRect().top - LIST_TOP_CLEARANCE_PX;
    setMaxPx(Math.max(96, Math.min(LIST_MAX_PX, room)));
    setOpen(true);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (titles.length === 0 || !usable) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : titles.length - 1);
        return;
      }
      const count = titles.length;
      setActive((index) => (step === 1 ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && active >= 0 && active < titles.length) {
      // Enter on a suggestion fills the box; the next Enter sends the guess.
      event.preventDefault();
      pick(titles[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      close();
    }
  }

  return { expanded, active, maxPx, pick, typed, onKeyDown, onBlur: () => setOpen(false) };
}
