import type { GameView } from "@convex/model/game/view";
import { counterBarWidth } from "./counterBar";

/**
 * The game screen's first render as an HTML template, so that the boot (game.ts) can paint the
 * round it asked for before the app's scripts arrive.
 * At build time the real components render a sample round whose every variable part holds a
 * value found nowhere else in the markup; the template is that markup cut at those values
 * (makeRoundTemplate.ts). Filling it puts the player's values back, escaped as React escapes them, so the
 * result is the markup React renders for that round (roundTemplate.test.tsx checks it): the boot
 * paints it inert (paintRound.ts), and React's first render replaces it with the same screen.
 *
 * Only the usual shape of a fresh visit has a template: a round in play with no cooldown, no
 * skipped answer, no "seen before" notice and no guess yet. Any other game is left for React to show.
 */

export type RoundTemplateSlot =
  | "score"
  | "animeLeft"
  | "animeLimit"
  | "animeBar"
  | "dailyLeft"
  | "dailyLimit"
  | "dailyBar"
  | "coverStyle"
  | "clue";

/** The markup between the slots: `parts[0] slots[0] parts[1] … slots[n-1] parts[n]`. */
export type RoundTemplate = { parts: string[]; slots: RoundTemplateSlot[] };

/** What the slots show. */
export type RoundTemplateValues = {
  score: number;
  animeLeft: number;
  animeLimit: number;
  dailyLeft: number;
  dailyLimit: number;
  coverColor: string | null;
  clue: string;
};

/** Each slot's markup for `values`, as React renders it (a text node, or an attribute). */
export function slotMarkup(values: RoundTemplateValues): Record<RoundTemplateSlot, string> {
  const { score, animeLeft, animeLimit, dailyLeft, dailyLimit, coverColor, clue } = values;
  return {
    score: score.toLocaleString("en-US"),
    animeLeft: String(animeLeft),
    animeLimit: String(animeLimit),
    animeBar: `width:${counterBarWidth(animeLeft, animeLimit)}`,
    dailyLeft: String(dailyLeft),
    dailyLimit: String(dailyLimit),
    dailyBar: `width:${counterBarWidth(dailyLeft, dailyLimit)}`,
    coverStyle: coverColor === null ? "" : ` style="background-color:${coverColor}"`,
    clue: escapeHtml(clue),
  };
}

/** React's escaping of text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(
    /["&'<>]/g,
    (char) =>
      ({ '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[char] ?? char,
  );
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * The template filled with `game`'s round: the markup React renders for it (but its cover's
 * image), or null when the game has another shape or any value is not what the server sends.
 */
export function fillRoundTemplate(template: RoundTemplate, game: GameView | null): string | null {
  const round = game?.round;
  if (
    game == null ||
    round == null ||
    round.status !== "playing" ||
    round.seenBefore !== false ||
    !Array.isArray(round.guesses) ||
    round.guesses.length > 0 ||
    game.cooldownEnd !== null ||
    game.skippedAnswer !== null ||
    typeof round.clue !== "string" ||
    ![game.score, game.animeRemaining, game.dailyRemaining].every(isCount) ||
    ![game.animeLimit, game.dailyLimit].every((limit) => isCount(limit) && limit > 0)
  ) {
    return null;
  }
  const color = round.coverColor;
  if (color !== null && !/^#[0-9a-f]{3,8}$/i.test(color)) return null;
  const values = slotMarkup({
    score: game.score,
    animeLeft: game.animeRemaining,
    animeLimit: game.animeLimit,
    dailyLeft: game.dailyRemaining,
    dailyLimit: game.dailyLimit,
    coverColor: color,
    clue: round.clue,
  });
  return template.parts.reduce(
    (html, part, index) => html + values[template.slots[index - 1]] + part,
  );
}
