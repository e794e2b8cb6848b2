import { GamePage } from "@/features/game/GamePage";
import { StatsStrip } from "@/features/stats/StatsStrip";

/** /game: the game, with the player's streak and today's stats below it (the stats feature's strip). */
export function GameRoute() {
  return <GamePage below={<StatsStrip />} />;
}
