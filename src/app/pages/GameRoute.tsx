import { GamePage } from "@/features/game/GamePage";
import { LeaderboardButton } from "@/features/leaderboard/LeaderboardButton";
import { StatsStrip } from "@/features/stats/StatsStrip";

/**
 * /game: the game, with the leaderboard feature's button in its header and the player's streak
 * and today's stats below it (the stats feature's strip).
 */
export function GameRoute() {
  return <GamePage actions={<LeaderboardButton />} below={<StatsStrip />} />;
}
