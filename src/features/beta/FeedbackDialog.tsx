import { useMutation } from "convex/react";
import { StarIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import {
  DEFAULT_FEEDBACK,
  FEEDBACK_TEXT_MAX_LENGTH,
  RATING_MAX,
  feedbackProblem,
  type Difficulty,
  type FeedbackInput,
} from "@convex/model/shared/feedbackRules";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/FormError";
import { messageFor } from "@/lib/errors";
import { cn } from "@/lib/utils";
import { useBusyCall } from "@/lib/useBusyCall";

const difficulties: { value: Difficulty; label: string }[] = [
  { value: "easy", label: "Too Easy" },
  { value: "medium", label: "Just Right" },
  { value: "hard", label: "Too Hard" },
];

type TextField = "bugReport" | "suggestions" | "userExperience";

const textFields: { field: TextField; label: string; placeholder: string }[] = [
  {
    field: "bugReport",
    label: "Found any bugs?",
    placeholder: "What happened, and what did you expect?",
  },
  {
    field: "suggestions",
    label: "Suggestions for Improvement",
    placeholder: "What would make the game better?",
  },
  { field: "userExperience", label: "User Experience", placeholder: "How does playing feel?" },
];

const count = (n: number) => n.toLocaleString("en-US");

/** The beta tester's feedback form, in a medium-width dialog. */
export default function FeedbackDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title="Beta Feedback"
      description="Tell us how Anime Guess plays for you. Every field is optional."
    >
      {/* Inside the content, so the form starts afresh each time the dialog opens. */}
      <FeedbackForm onDone={() => onOpenChange(false)} />
    </TitledDialog>
  );
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const submitFeedback = useMutation(api.beta.submitFeedback);
  const [input, setInput] = useState<FeedbackInput>(DEFAULT_FEEDBACK);
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();

  function update(change: Partial<FeedbackInput>) {
    setInput((current) => ({ ...current, ...change }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const problem = feedbackProblem(input);
    if (problem !== null) {
      setError(errorMessages[problem]);
      return;
    }
    setError(null);
    const outcome = await run(() => submitFeedback(input), {
      success: "Thank you for your feedback!",
      failure: (cause) => messageFor(cause, "Failed to submit feedback. Please try again."),
      logAs: "Submitting feedback failed",
    });
    if (outcome?.ok === true) onDone();
    else if (outcome) setError(outcome.message);
  }

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void submit(event)}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Overall rating</legend>
        <RatingInput
          name={`${id}-rating`}
          value={input.rating}
          onChange={(rating) => update({ rating })}
        />
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Game Difficulty</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {difficulties.map(({ value, label }) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-difficulty`}
                value={value}
                checked={input.difficulty === value}
                onChange={() => update({ difficulty: value })}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {textFields.map(({ field, label, placeholder }) => {
        const length = input[field].length;
        const tooLong = length > FEEDBACK_TEXT_MAX_LENGTH;
        return (
          <div key={field} className="grid gap-2">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <Textarea
              id={`${id}-${field}`}
              rows={3}
              className="max-h-48"
              placeholder={placeholder}
              value={input[field]}
              onChange={(event) => update({ [field]: event.target.value })}
              aria-invalid={tooLong || undefined}
              aria-describedby={`${id}-${field}-count`}
            />
            <p
              id={`${id}-${field}-count`}
              className={cn(
                "text-right text-xs tabular-nums",
                tooLong ? "font-medium text-destructive" : "text-muted-foreground",
              )}
            >
              {count(length)} / {count(FEEDBACK_TEXT_MAX_LENGTH)} characters
            </p>
          </div>
        );
      })}

      <FormError id={`${id}-error`} message={error} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={working}>
          {working && <Spinner />}
          Submit Feedback
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Five stars as native radio buttons: arrow keys move the rating, as in any radio group. */
function RatingInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
}) {
  const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  return (
    <div className="flex gap-1">
      {stars.map((star) => (
        <label
          key={star}
          className="cursor-pointer rounded-md p-1 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
        >
          <input
            type="radio"
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            className="sr-only"
          />
          <StarIcon
            aria-hidden="true"
            className={cn(
              "size-7 transition-colors",
              star <= value ? "fill-amber-400 text-amber-400" : "text-muted-foreground",
            )}
          />
          <span className="sr-only">{star === 1 ? "1 star" : `${star} stars`}</span>
        </label>
      ))}
    </div>
  );
}
