/**
 * A round's places, from its right answers' times. A right guess writes only the guesser's own
 * document (when, and at which cover step), so two members answering at once never touch a shared
 * document and never make each other's guesses fail. The places are worked out from those times
 * wherever they are needed: live in the room's view, and once for good when the round ends, when
 * the one writer of a round's end (timeline.ts `endRound`) adds each solver's points to their score.
 */
import type { Id } from "../../_generated/dataModel";
import { roomPointsFor } from "../shared/rules";
import type { RoomPlayer } from "./access";

export type Placing = { place: number; points: number };

/**
 * The solvers of round `number` in answer order (ties, the same millisecond, go to who joined
 * first, then by id: never two firsts), each with their place and points. A solver whose place
 * was stored when the round ended keeps it.
 */
export function placesOf(players: RoomPlayer[], number: number): Map<Id<"roomPlayers">, Placing> {
  const solvers = players
    .filter((player) => player.round?.number === number && player.round.solvedAt !== undefined)
    .sort(
      (a, b) =>
        a.round!.solvedAt! - b.round!.solvedAt! ||
        a.joinedAt - b.joinedAt ||
        (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
    );
  return new Map(
    solvers.map((player, index) => {
      const round = player.round!;
      if (round.place !== undefined) {
        return [player._id, { place: round.place, points: round.points }];
      }
      const place = index + 1;
      return [player._id, { place, points: roomPointsFor(place, round.step ?? 0) }];
    }),
  );
}

/** Whether the player's points for round `number` are in their score already (the round ended). */
export function isBanked(player: RoomPlayer, number: number): boolean {
  return player.round?.number === number && player.round.place !== undefined;
}
