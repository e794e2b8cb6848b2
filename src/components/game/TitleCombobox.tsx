import { useId, type ComponentProps, type Ref, type RefObject } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { countOf } from "@/lib/plural";
import { useSuggestionList } from "./useSuggestionList";
import { useTitleSuggestions } from "./useTitleSuggestions";

type InputProps = Omit<ComponentProps<typeof Input>, "value" | "onChange" | "role">;

/**
 * The guess box with title suggestions from the pool (WAI-ARIA combobox with a listbox popup):
 * from 2 characters, once typing pauses (useTitleSuggestions); arrows move through them, Enter
 * or a tap fills the box (Submit still sends it), Escape closes the list (useSuggestionList);
 * focusing a box that holds text opens the list for it.
 * The list depends on the text alone, never on the round, so it hints at nothing. It opens
 * above the box, over the clue: below, it would cover Submit and Skip, and a tap meant for
 * Submit would pick a suggestion. Given `clearOf` (a room's clue), it stops short of it, or
 * opens below the box when there is more room there.
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
  const { titles, usable } = useTitleSuggestions(value, disabled);
  const list = useSuggestionList({ titles, usable, onPick: onValueChange, clearOf });
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={ref}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.expanded}
        aria-controls={listId}
        aria-activedescendant={
          list.expanded && list.active >= 0 ? optionId(list.active) : undefined
        }
        value={value}
        disabled={disabled}
        className={className}
        onChange={(event) => {
          list.typed(event.currentTarget);
          onValueChange(event.target.value);
        }}
        onKeyDown={list.onKeyDown}
        // Text the box gets focused with (a player's own, or what was typed into the round the
        // boot painted, usePaintedGuess) is suggested for as typed text is.
        onFocus={(event) => list.typed(event.currentTarget)}
        onBlur={list.onBlur}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested titles"
        hidden={!list.expanded}
        // Keep the focus in the box while an option is pressed, so a tap or click picks it.
        onMouseDown={(event) => event.preventDefault()}
        style={{ maxHeight: list.place.maxPx }}
        className={cn(
          "absolute inset-x-0 z-30 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg",
          list.place.below ? "top-full mt-1" : "bottom-full mb-1",
        )}
      >
        {titles.map((title, index) => (
          <li
            key={title}
            id={optionId(index)}
            role="option"
            aria-selected={index === list.active}
            onClick={() => list.pick(title)}
            className={cn(
              "cursor-pointer rounded-sm px-3 py-2.5 text-sm break-words",
              index === list.active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
            )}
          >
            {title}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {list.expanded ? `${countOf(titles.length, "title")} suggested` : ""}
      </p>
    </div>
  );
}
