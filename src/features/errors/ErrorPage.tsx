import { TriangleAlertIcon } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { messageFor } from "@/lib/errors";
import { isChunkLoadError } from "@/lib/lazyWithReload";

const fallbackMessage = "An unexpected error occurred";
/** A part of the app that could not be loaded: after a deploy, or with the network gone. */
const chunkMessage =
  "Part of Anime Guess could not be loaded. A new version may be out: reload the page to get it.";

/** What went wrong, in words a player can read: our coded errors by their text, else the message. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return typeof error.data === "string" && error.data !== ""
      ? error.data
      : error.statusText || fallbackMessage;
  }
  if (isChunkLoadError(error)) return chunkMessage;
  const message = error instanceof Error && error.message !== "" ? error.message : fallbackMessage;
  return messageFor(error, message);
}

/** The screen for any error a route throws (spec §2 Error screen). */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        <TriangleAlertIcon className="size-10 text-destructive" />
        <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
        <p className="break-words text-muted-foreground">{describe(error)}</p>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </div>
    </main>
  );
}
