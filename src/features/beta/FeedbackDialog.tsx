import { StarIcon } from "lucide-react";
import { useId } from "react";
import {
  FEEDBACK_TEXT_MAX_LENGTH,
  RATING_MAX,
  type Difficulty,
} from "@convex/model/shared/feedbackRules";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/FormError";
import { cn } from "@/lib/utils";
import { useFeedbackSubmit } from "./useFeedbackSubmit";

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
  const { input, update, error, working, submit } = useFeedbackSubmit(onDone);
  const id = useId();
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
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
        <DifficultyInput
          name={`${id}-difficulty`}
          value={input.difficulty}
          onChange={(difficulty) => update({ difficulty })}
        />
      </fieldset>

      {textFields.map(({ field, label, placeholder }) => (
        <CountedTextarea
          key={field}
          id={`${id}-${field}`}
          label={label}
          placeholder={placeholder}
          value={input[field]}
          onChange={(text) => update({ [field]: text })}
        />
      ))}

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

function DifficultyInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Difficulty;
  onChange: (difficulty: Difficulty) => void;
}) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-3">
      {difficulties.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="size-4 accent-primary"
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

/** A text answer with its count of characters, which turns red past the limit. */
function CountedTextarea({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const tooLong = value.length > FEEDBACK_TEXT_MAX_LENGTH;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={3}
        className="max-h-48"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
      />
      <p
        id={`${id}-count`}
        className={cn(
          "text-right text-xs tabular-nums",
          tooLong ? "font-medium text-destructive" : "text-muted-foreground",
        )}
      >
        {count(value.length)} / {count(FEEDBACK_TEXT_MAX_LENGTH)} characters
      </p>
    </div>
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
