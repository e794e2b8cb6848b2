import { ExternalLinkIcon } from "lucide-react";
import type { GameView } from "@convex/model/game/view";

export type Answer = NonNullable<GameView["skippedAnswer"]>;

/** The title, so every round teaches something: "It was …", the romaji beside it, and AniList. */
export function AnswerReveal({ answer, label }: { answer: Answer; label: string }) {
  const title = answer.english ?? answer.romaji ?? "this anime";
  const romaji = answer.romaji !== null && answer.romaji !== title ? answer.romaji : null;
  return (
    <section
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
    >
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        <p className="font-semibold break-words">It was {title}</p>
        {romaji !== null && <p className="break-words text-muted-foreground">{romaji}</p>}
      </div>
      <a
        href={answer.siteUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        View on AniList
        <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
      </a>
    </section>
  );
}
