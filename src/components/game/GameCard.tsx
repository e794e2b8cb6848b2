import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * The card holding the cover, the clue and the round. On a desktop the cover has a column of its
 * own. On a phone it is a thumbnail the clue's first lines wrap around (`clue` is laid out with
 * it), so the guess box and Submit come into view with the clue's start, without scrolling.
 */
export function GameCard({
  cover,
  clue,
  children,
}: {
  cover: ReactNode;
  clue?: (cover: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const placed = (
    <div className="float-left mr-3 mb-1 w-24 min-[380px]:w-28 md:float-none md:row-span-2 md:mr-0 md:mb-0 md:w-auto">
      {cover}
    </div>
  );
  return (
    <Card className="gap-3 p-3 sm:gap-4 sm:p-6 md:grid md:grid-cols-[16rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-x-8 md:gap-y-4">
      {clue === undefined ? <div className="flow-root md:contents">{placed}</div> : clue(placed)}
      <div className="flex min-w-0 flex-col gap-3 sm:gap-4 md:col-start-2">{children}</div>
    </Card>
  );
}

/** The cover's place while there is none: pulsing while something is on its way. */
export function PlaceholderCover({ still = false }: { still?: boolean }) {
  return (
    <div className={cn("aspect-[2/3] w-full rounded-lg bg-muted", !still && "animate-pulse")} />
  );
}
