import type { ReactNode } from "react";
import type { Answer } from "@convex/model/round/outcomes";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import { answerTitles } from "./answerTitles";
import { Clue } from "./Clue";
import { CoverImage } from "./CoverImage";
import { GameCard } from "./GameCard";

/**
 * The card of a round a player plays alone (the Challenge, the Daily): the cover at the blur step
 * the round's guesses reached, clear and named once it has ended, and the clue; `children` are
 * the round's controls.
 */
export function SoloRoundCard({
  round,
  children,
}: {
  round: {
    status: string;
    guessesUsed: number;
    coverPath: string | null;
    coverColor: string | null;
    clue: string;
    answer: Answer | null;
  };
  children: ReactNode;
}) {
  const answerTitle = round.answer === null ? null : answerTitles(round.answer).title;
  return (
    <GameCard
      cover={
        <CoverImage
          path={round.coverPath}
          color={round.coverColor}
          step={
            round.status === "playing"
              ? Math.min(round.guessesUsed, BLUR_STEPS_PX.length - 1)
              : null
          }
          alt={
            answerTitle === null ? "Blurred cover of the anime to guess" : `Cover of ${answerTitle}`
          }
          className="w-full max-w-none"
        />
      }
      clue={(cover) => <Clue cover={cover} text={round.clue} />}
    >
      {children}
    </GameCard>
  );
}
