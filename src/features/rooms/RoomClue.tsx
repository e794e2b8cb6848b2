import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The round's clue. On a phone it starts at three lines, so that the cover, the guess box and
 * the scoreboard fit; when it is longer, "Whole clue" opens all of it in place (and closes it).
 * Wider screens show it whole.
 */
export function RoomClue({ clue }: { clue: string }) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
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
    <section aria-labelledby="room-clue" className="relative">
      <h2 id="room-clue" className="sr-only md:not-sr-only md:mb-1 md:text-sm md:font-semibold">
        Clue
      </h2>
      <p
        ref={textRef}
        id="room-clue-text"
        className={cn(
          "text-sm whitespace-pre-line text-muted-foreground md:line-clamp-none",
          !open && "line-clamp-3",
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
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
          {open ? "Less of the clue" : "Whole clue"}
        </Button>
      )}
    </section>
  );
}
