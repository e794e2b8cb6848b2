import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { useLayoutEffect, useRef, useState, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The round's clue. On a phone it starts at three lines, so that the cover, the guess box and
 * the scoreboard fit; when it is longer, "Whole clue" opens all of it in place (and closes it):
 * the cover then shrinks to make room (RoomRound), and a clue taller than the screen allows
 * scrolls within itself, so the guess box stays in view beneath it. Wider screens show it whole.
 */
export function RoomClue({
  clue,
  open,
  onOpenChange,
  ref,
}: {
  clue: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The clue's section: what the guess box's suggestions leave in view. */
  ref?: Ref<HTMLElement>;
}) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const text = textRef.current;
    if (text === null) return;
    const measure = () => {
      if (!open) setCut(text.scrollHeight > text.clientHeight + 1);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(text);
    return () => observer.disconnect();
  }, [open, clue]);

  return (
    <section ref={ref} aria-labelledby="room-clue" className="relative">
      <h2 id="room-clue" className="sr-only md:not-sr-only md:mb-1 md:text-sm md:font-semibold">
        Clue
      </h2>
      <p
        ref={textRef}
        id="room-clue-text"
        // Open, it may scroll (by touch, or by keyboard: hence the tab stop).
        tabIndex={open ? 0 : undefined}
        className={cn(
          "text-sm whitespace-pre-line text-muted-foreground md:line-clamp-none",
          open ? "max-md:max-h-[calc(100dvh-24rem)] max-md:overflow-y-auto" : "line-clamp-3",
        )}
      >
        {clue}
      </p>
      {(cut || open) && (
        <Button
          type="button"
          variant="link"
          size="sm"
          // Closed, it sits on the clue's last line, so that opening costs no room until used.
          className={cn(
            "h-5 gap-0.5 p-0 text-xs md:hidden",
            !open &&
              "absolute right-0 bottom-0 bg-background pl-2 shadow-[-12px_0_8px_var(--background)]",
          )}
          aria-expanded={open}
          aria-controls="room-clue-text"
          onClick={() => onOpenChange(!open)}
        >
          {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
          {open ? "Less of the clue" : "Whole clue"}
        </Button>
      )}
    </section>
  );
}
