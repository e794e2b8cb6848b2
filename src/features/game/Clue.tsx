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
 * cut at a fixed height (7 or 8 lines, with "Show the whole clue") so that the guess box and
 * Submit stay in view; on a desktop (md) the cover has its own column and the clue shows whole.
 */
export function Clue({ cover, text }: { cover: ReactNode; text: string }) {
  const headingId = useId();
  const blockId = useId();
  const block = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);

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
  return (
    <>
      <div
        ref={block}
        id={blockId}
        className={cn(
          "flow-root md:contents",
          collapsed && "max-md:max-h-40 max-md:overflow-hidden min-[380px]:max-md:max-h-48",
          collapsed && cut && "max-md:[mask-image:linear-gradient(to_bottom,#000_75%,transparent)]",
        )}
      >
        {cover}
        <section aria-labelledby={headingId} className="md:col-start-2">
          <h2
            id={headingId}
            className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Clue
          </h2>
          <p className="leading-relaxed break-words whitespace-pre-line">{text}</p>
        </section>
      </div>
      {(cut || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={blockId}
          onClick={() => setExpanded((open) => !open)}
          className="-mt-2 flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
        >
          {expanded ? <ChevronUpIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
          {expanded ? "Show less of the clue" : "Show the whole clue"}
        </button>
      )}
    </>
  );
}
