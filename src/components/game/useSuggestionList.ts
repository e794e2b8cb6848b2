import { useState, type KeyboardEvent, type RefObject } from "react";

/** The list's tallest: 7 suggestions. */
const LIST_MAX_PX = 288;
/** Kept clear above the list: the sticky top bar (h-14) and a little air. */
const LIST_TOP_CLEARANCE_PX = 64;
/** The list's shortest: two and a half suggestions, so that it shows there are more. */
const LIST_MIN_PX = 96;
/** Kept between the list and what it must leave in view. */
const LIST_GAP_PX = 8;

type ListPlace = { below: boolean; maxPx: number };

/**
 * The suggestion list's state as the combobox pattern has it: open or not, the active option,
 * the keys (arrows move through the options and open the list, Enter on one fills the box,
 * Escape closes), and its place: above the box, fitted below the top bar (or `clearOf`, what it
 * must leave in view, such as a room's clue), or below the box when there is more room there.
 */
export function useSuggestionList({
  titles,
  usable,
  onPick,
  clearOf,
}: {
  titles: readonly string[];
  /** Whether the box's text may show suggestions now (long enough, not disabled). */
  usable: boolean;
  onPick: (title: string) => void;
  clearOf?: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [place, setPlace] = useState<ListPlace>({ below: false, maxPx: LIST_MAX_PX });
  const expanded = open && usable && titles.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(title: string) {
    onPick(title);
    close();
  }

  /** The text changed: the list opens afresh, fitted where there is room for it. */
  function typed(input: HTMLInputElement) {
    const box = input.getBoundingClientRect();
    const keep = clearOf?.current?.getBoundingClientRect().bottom ?? 0;
    const above = box.top - Math.max(LIST_TOP_CLEARANCE_PX, keep + LIST_GAP_PX);
    // Not jsdom's: it has no visualViewport.
    const screen = window.visualViewport as VisualViewport | null | undefined;
    const bottom = (screen?.offsetTop ?? 0) + (screen?.height ?? window.innerHeight);
    const below = bottom - box.bottom - LIST_GAP_PX;
    const goBelow = clearOf !== undefined && above < LIST_MAX_PX && below > above;
    const maxPx = Math.min(LIST_MAX_PX, goBelow ? below : above);
    setPlace({ below: goBelow, maxPx: Math.max(LIST_MIN_PX, maxPx) });
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

  return { expanded, active, place, pick, typed, onKeyDown, onBlur: () => setOpen(false) };
}
