import { StarIcon } from "lucide-react";
import { RATING_MAX } from "@convex/model/shared/feedbackRules";
import { cn } from "@/lib/utils";

/** A read-only rating: `value` stars of five filled (rounded to the nearest star). */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  const label = `Rated ${Number.isInteger(value) ? value : value.toFixed(1)} out of ${RATING_MAX}`;
  return (
    <span role="img" aria-label={label} className={cn("inline-flex gap-0.5", className)}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <StarIcon
          key={i}
          aria-hidden="true"
          className={cn(
            "size-4",
            i < filled ? "fill-amber-400 text-amber-400" : "text-muted-foreground/60",
          )}
        />
      ))}
    </span>
  );
}
