import type { Difficulty } from "@convex/model/shared/feedbackRules";
import { cn } from "@/lib/utils";
import { difficultyColors, difficultyLabels } from "./difficulty";

export function DifficultyChip({ difficulty }: { difficulty: Difficulty }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        difficultyColors[difficulty].chip,
      )}
    >
      {difficultyLabels[difficulty]}
    </span>
  );
}
