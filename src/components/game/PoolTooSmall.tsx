import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { GameCard, PlaceholderCover } from "./GameCard";

/** The command an admin fills the pool with (docs/operations.md). */
export const FILL_POOL_COMMAND = "npx convex run catalogue:fillPool";

/**
 * The screen of a mode the pool is too small for (the game, the Daily, a room): why, in the
 * mode's words (`children`), then what can be done. An admin is told how to fill the pool; a
 * player, that it is being filled. It follows nothing itself: the mode's screen replaces it once
 * the pool has grown.
 */
export function PoolTooSmall({
  title,
  isAdmin,
  children,
}: {
  title: string;
  isAdmin: boolean;
  children: ReactNode;
}) {
  return (
    <GameCard cover={<PlaceholderCover still />}>
      <div role="status" className="flex flex-col gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CircleAlertIcon className="size-5 shrink-0 text-amber-300" aria-hidden="true" />
          {title}
        </h2>
        <p>{children}</p>
        <FillPoolHint isAdmin={isAdmin} />
      </div>
    </GameCard>
  );
}

export function FillPoolHint({ isAdmin }: { isAdmin: boolean }) {
  if (!isAdmin) {
    return (
      <p className="text-muted-foreground">
        The game's pool is still being filled; check back later.
      </p>
    );
  }
  return (
    <p className="text-muted-foreground">
      An admin can fill the pool:{" "}
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-words text-foreground">
        {FILL_POOL_COMMAND}
      </code>
    </p>
  );
}
