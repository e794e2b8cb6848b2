import { XIcon } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A modal dialog on the browser's own `<dialog>`, for dialogs a visitor opens from the landing
 * page: it is in the prerendered HTML (closed), so it opens before React has the page, by an
 * invoker button (`commandfor`, `command="show-modal"`: no script at all) or by the boot's few
 * lines (src/boot/start.ts), and React takes it over as it is. The browser keeps the focus inside,
 * closes it on Escape or a tap outside (`closedby="any"`) and gives the focus back to the opener.
 * `open`: React's wish; a dialog the boot opened before React is reported by `onOpenChange(true)`
 * on mount, so React's state follows what the visitor sees.
 */
export function NativeDialog({
  id,
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const labels = useId();
  // React's wish as last acted on (undefined: not yet, on mount).
  const wished = useRef<boolean | undefined>(undefined);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const first = wished.current === undefined;
    // Only a change of the wish is acted on: a render that merely repeats it (one whose state
    // update has not been applied yet) must not open again a dialog the visitor has just closed.
    if (wished.current === open) return;
    wished.current = open;
    // Opened before React took the page: React's state catches up rather than closing it.
    if (first && dialog.open && !open) {
      wished.current = true;
      onOpenChange(true);
      return;
    }
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open, onOpenChange]);

  return (
    // Escape, a tap outside and the close button all end in the element's "close" event.
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${labels}-title`}
      aria-describedby={`${labels}-description`}
      {...{ closedby: "any" }}
      onClose={() => onOpenChange(false)}
      // The boot may have opened it before React took the page: its `open` is the browser's.
      suppressHydrationWarning
      className={cn(
        // The browser centres a modal dialog with auto margins, which Tailwind's reset removes.
        "m-auto max-h-[calc(100dvh-4rem)] w-full max-w-[calc(100%-2rem)] overflow-y-auto rounded-lg border bg-popover p-0 text-popover-foreground shadow-lg backdrop:bg-black/60 backdrop:backdrop-blur-[2px] sm:max-w-lg",
        className,
      )}
    >
      <div className="grid gap-4 p-6">
        <header className="flex flex-col gap-2 pr-6 text-center sm:text-left">
          <h2 id={`${labels}-title`} className="text-lg leading-none font-semibold">
            {title}
          </h2>
          <p id={`${labels}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </header>
        {children}
      </div>
      <form method="dialog" className="absolute top-4 right-4">
        <button
          type="submit"
          onClick={(event) => {
            // Closed by React's state once it has the page; by the form (no script) before.
            event.preventDefault();
            onOpenChange(false);
          }}
          className="rounded-xs opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:outline-hidden [&_svg]:size-4"
        >
          <XIcon />
          <span className="sr-only">Close</span>
        </button>
      </form>
    </dialog>
  );
}
