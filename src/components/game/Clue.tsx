import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { cn } from "@/lib/utils";

/**
 * The clue, its first lines wrapped around the cover's thumbnail on a phone. There a long clue is
 * cut at a fixed height (7 or 8 lines, "Show the whole clue" over its faded end) so that the guess box and
 * Submit stay in view; on a desktop (md) the cover has its own column and the clue shows whole.
 */
export function Clue({ cover, text }: { cover: ReactNode; text: string }) {
  const headingId = useId();
  const blockId = useId();
  const block = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);
  // The toggle moves (over the cut clue, or after the whole one): the focus goes with it.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    // Collapsing shows the toggle once the cut is measured again: wait for it.
    if (!refocus.current || toggleRef.current === null) return;
    refocus.current = false;
    toggleRef.current.focus();
  }, [expanded, cut]);

  // Only a clue taller than the phone's block is cut; on a desktop the block has no box at all.
  const measure = useCallback(() => {
    const element = block.current;
    if (element === null) return;
    setCut(element.scrollHeight > element.clientHeight + 1);
  }, []);
  useLayoutEffect(measure, [measure, text, expanded]);
  useEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  const collapsed = !expanded;
  const toggle = (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={blockId}
      ref={toggleRef}
      onClick={() => {
        refocus.current = true;
        setExpanded((open) => !open);
      }}
      className={cn(
        "flex items-center gap-1 rounded-sm bg-card text-sm font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden",
        // Over the cut clue's faded last line, clear of the cover: showing it moves nothing below.
        collapsed ? "absolute right-0 bottom-0 pl-2" : "-mt-1 self-start",
      )}
    >
      {expanded ? <ChevronUpIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
      {expanded ? "Show less of the clue" : "Show the whole clue"}
    </button>
  );
  return (
    <>
      <div className="relative md:contents">
        <div
          ref={block}
          id={blockId}
          className={cn(
            "flow-root [--clue-cut:10rem] min-[380px]:[--clue-cut:12rem] md:contents",
            collapsed && "max-md:max-h-(--clue-cut) max-md:overflow-hidden",
          )}
        >
          {cover}
          <section
            aria-labelledby={headingId}
            className={cn(
              "md:col-start-2",
              // The text fades out where it is cut; the cover beside it does not.
              collapsed &&
                cut &&
                "max-md:[mask-image:linear-gradient(to_bottom,#000_calc(var(--clue-cut)_-_3rem),transparent_var(--clue-cut))]",
            )}
          >
            <h2
              id={headingId}
              className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              Clue
            </h2>
            <p className="leading-relaxed break-words whitespace-pre-line">{text}</p>
          </section>
        </div>
        {collapsed && cut && toggle}
      </div>
      {expanded && toggle}
    </>
  );
}
