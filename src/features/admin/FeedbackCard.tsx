import type { FeedbackItem } from "@convex/model/beta/dashboard";
import { Card } from "@/components/ui/card";
import { DifficultyChip } from "./DifficultyChip";
import { RatingStars } from "./RatingStars";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const answers = [
  ["bugReport", "Bug report"],
  ["suggestions", "Suggestions"],
  ["userExperience", "User experience"],
] as const;

/** One feedback record on the admin dashboard. */
export function FeedbackCard({ feedback }: { feedback: FeedbackItem }) {
  const given = answers.filter(([field]) => feedback[field].trim() !== "");
  return (
    <Card className="gap-4 px-5 py-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time
          dateTime={new Date(feedback.timestamp).toISOString()}
          className="text-sm text-muted-foreground"
        >
          {timeFormat.format(feedback.timestamp)}
        </time>
        <DifficultyChip difficulty={feedback.difficulty} />
      </div>
      <RatingStars value={feedback.rating} className="[&_svg]:size-5" />
      {given.length > 0 ? (
        <dl className="grid gap-3 text-sm">
          {given.map(([field, label]) => (
            <div key={field} className="grid gap-1">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words whitespace-pre-wrap text-muted-foreground">
                {feedback[field]}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground italic">No comments, just a rating.</p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t pt-3 text-xs text-muted-foreground">
        <span className="min-w-0 break-all">
          From{" "}
          {feedback.username === null ? (
            <span className="italic">a deleted account</span>
          ) : (
            <span className="font-medium text-foreground">{feedback.username}</span>
          )}
        </span>
        <span>Version {feedback.version}</span>
      </div>
    </Card>
  );
}
