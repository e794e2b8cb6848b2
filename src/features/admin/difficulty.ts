import type { Difficulty } from "@convex/model/shared/feedbackRules";

export const difficultyLabels: Record<Difficulty, string> = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
};

/** Each difficulty's colour, for the chips and the votes chart: easy green, medium primary, hard red. */
export const difficultyColors: Record<Difficulty, { chip: string; bar: string }> = {
  easy: { chip: "bg-emerald-400 text-emerald-950", bar: "bg-emerald-400" },
  medium: { chip: "bg-primary text-primary-foreground", bar: "bg-primary" },
  hard: { chip: "bg-destructive text-background", bar: "bg-destructive" },
};
