import { ExternalLinkIcon } from "lucide-react";
import type { Ref } from "react";
import type { GameView } from "@convex/model/game/view";
import { cn } from "@/lib/utils";
import { answerTitles } from "./answerTitles";

export type Answer = NonNullable<GameView["skippedAnswer"]>;

/**
 * The title, so every round teaches something: "It was …" (or `intro`), the romaji beside it
 * when it differs, and AniList. `label` names the section; it shows above the title unless
 * `intro` already says what the answer is. `ref` takes the focus when the round ends, so a screen
 * reader reads the answer and a second Enter lands on nothing.
 */
export function AnswerReveal({
  answer,
  label,
  intro = "It was",
  showLabel = true,
  ref,
}: {
  answer: Answer;
  label: string;
  intro?: string;
  showLabel?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const { title, romaji } = answerTitles(answer);
  return (
    <section
      ref={ref}
      aria-label={label}
      tabIndex={ref === undefined ? undefined : -1}
      className={cn(
        "flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border bg-muted/50 px-3 py-2 text-sm",
        ref !== undefined && "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
      )}
    >
      <div className="min-w-0">
        {showLabel && (
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {label}
          </p>
        )}
        <p className="font-semibold break-words">
          {intro} {title}
        </p>
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

/**
 * A solo round's answer once the round has ended, or nothing while it is in play. Its label
 * ("Solved", "The answer") is for screen readers: the round's message on screen says how it ended.
 */
export function RoundAnswer({
  round,
  ref,
}: {
  round: { status: string; answer: Answer | null };
  ref?: Ref<HTMLElement>;
}) {
  if (round.answer === null) return null;
  return (
    <AnswerReveal
      ref={ref}
      answer={round.answer}
      label={round.status === "solved" ? "Solved" : "The answer"}
      showLabel={false}
    />
  );
}
