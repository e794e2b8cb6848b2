import { useState } from "react";
import type { GameView } from "@convex/model/game/view";
import { AnswerReveal } from "@/components/game/AnswerReveal";
import { Celebration } from "./Celebration";
import { SoloRoundCard } from "@/components/game/SoloRoundCard";
import { GuessCounters } from "./GuessCounters";
import { GuessForm, type Round } from "./GuessForm";
import type { LoadStatus } from "./useAnimeLoader";
import { useCooldownCountdown } from "./useCooldownCountdown";

/** Labels the answer of the round the midnight reset replaced: the player did not skip it. */
export const REPLACED_AT_MIDNIGHT = "Unfinished at midnight";
/** Names the anime skipped before this one, with its title. */
export const PREVIOUS_ANIME = "Previous anime:";

/**
 * The round's form is keyed by the round, so a new round starts it afresh. The midnight reset
 * deals a new round too (a new number, so that a guess sent for the old anime is stale), but the
 * player did not ask for it: a round the reset dealt keeps its predecessor's key, and with it a
 * half-typed guess. Skip and Next Anime → give a new key, which clears the box.
 */
function formKeyOf(round: Round): string {
  return `round ${round.dealtAtReset ? round.number - 1 : round.number}`;
}

/** The round on screen: the cover, the clue, the counters, the form and what came before. */
export function RoundCard({
  game,
  round,
  cooldownDeadline,
  loadStatus,
  load,
}: {
  game: GameView;
  round: Round;
  /** When the cooldown is over on this device's clock (see useCooldownDeadline). */
  cooldownDeadline: number | null;
  loadStatus: LoadStatus;
  load: (attempt: () => Promise<boolean>) => Promise<boolean>;
}) {
  const [celebrations, setCelebrations] = useState(0);
  const cooldownSecondsLeft = useCooldownCountdown(cooldownDeadline);
  const formKey = formKeyOf(round);
  const [firstFormKey] = useState(formKey);

  const playing = round.status === "playing";

  return (
    <SoloRoundCard round={round}>
      <GuessCounters
        animeRemaining={game.animeRemaining}
        animeLimit={game.animeLimit}
        dailyRemaining={game.dailyRemaining}
        dailyLimit={game.dailyLimit}
      />

      <GuessForm
        key={formKey}
        round={round}
        lastReset={game.lastReset}
        cooling={game.cooldownEnd !== null}
        cooldownSecondsLeft={cooldownSecondsLeft}
        loadStatus={loadStatus}
        load={load}
        onCorrect={() => setCelebrations((count) => count + 1)}
        replacesForm={formKey !== firstFormKey}
      />

      {playing && game.skippedAnswer !== null && (
        <AnswerReveal
          answer={game.skippedAnswer}
          label={round.dealtAtReset ? REPLACED_AT_MIDNIGHT : "Previous anime"}
          intro={round.dealtAtReset ? undefined : PREVIOUS_ANIME}
          showLabel={round.dealtAtReset}
        />
      )}

      {celebrations > 0 && <Celebration key={`celebration ${celebrations}`} />}
    </SoloRoundCard>
  );
}
