import { useConvexAuth, useQuery } from "convex/react";
import {
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { api } from "@convex/_generated/api";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS } from "@convex/model/shared/rules";
import { countOf } from "@/lib/plural";

type InputProps = Omit<ComponentProps<typeof Input>, "value" | "onChange" | "role">;

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
 * The guess box with title suggestions from the pool (WAI-ARIA combobox with a listbox popup):
 * from 2 characters, once typing pauses; arrows move through them, Enter or a tap fills the box
 * (Submit still sends it), Escape closes the list. The list depends on the text alone, never on
 * the round, so it hints at nothing. It opens above the box, over the clue: below, it would
 * cover Submit and Skip, and a tap meant for Submit would pick a suggestion.
 */
export function TitleCombobox({
  value,
  onValueChange,
  ref,
  disabled,
  className,
  clearOf,
  ...inputProps
}: InputProps & {
  value: string;
  onValueChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
  clearOf?: RefObject<HTMLElement | null>;
}) {
  const listId = useId();
  const [place, setPlace] = useState<ListPlace>({ below: false, maxPx: LIST_MAX_PX });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = value.trim();
  const wanted = useDebounced(typed, SUGGEST_DEBOUNCE_MS);
  // Players only: the box can be typed in before the client's sign-in is accepted (the round
  // the page's HTML brought is on screen then), and the query would be refused.
  const { isAuthenticated } = useConvexAuth();
  const asking = isAuthenticated && !disabled && wanted.length >= SUGGEST_MIN_CHARS;
  const fetched = useQuery(api.titles.suggest, asking ? { text: wanted } : "skip");

  // The last answer stays on screen while the next one loads, so the list does not flicker.
  const [titles, setTitles] = useState<readonly string[]>([]);
  if (fetched !== undefined && fetched !== titles) setTitles(fetched);

  const expanded =
    open && !disabled && typed.length >= SUGGEST_MIN_CHARS && asking && titles.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  /** Fits the list between the top bar (or `clearOf`) and the box, or below the box. */
  function fitList(input: HTMLInputElement) {
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
  }

  function pick(title: string) {
    onValueChange(title);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (titles.length === 0 || typed.length < SUGGEST_MIN_CHARS) return;
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
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={ref}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        disabled={disabled}
        className={className}
        onChange={(event) => {
          fitList(event.currentTarget);
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested titles"
        hidden={!expanded}
        // Keep the focus in the box while an option is pressed, so a tap or click picks it.
        onMouseDown={(event) => event.preventDefault()}
        style={{ maxHeight: place.maxPx }}
        className={cn(
          "absolute inset-x-0 z-30 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg",
          place.below ? "top-full mt-1" : "bottom-full mb-1",
        )}
      >
        {titles.map((title, index) => (
          <li
            key={title}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => pick(title)}
            className={cn(
              "cursor-pointer rounded-sm px-3 py-2.5 text-sm break-words",
              index === active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
            )}
          >
            {title}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded ? `${countOf(titles.length, "title")} suggested` : ""}
      </p>
    </div>
  );
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
