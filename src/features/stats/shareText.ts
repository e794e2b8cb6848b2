import type { RoundMark, StatsView } from "@convex/model/game/stats";

/** One symbol per round of the day, as the share text and the /me legend show them. */
export const MARK_SYMBOLS: Record<RoundMark, string> = {
  firstTry: "🟩",
  solvedLater: "🟨",
  missed: "🟥",
  skipped: "⬜",
};

export const MARK_LABELS: Record<RoundMark, string> = {
  firstTry: "solved on the first try",
  solvedLater: "solved later",
  missed: "missed",
  skipped: "skipped",
};

const SYMBOLS_PER_LINE = 10;

export type SharedDay = NonNullable<StatsView["shareDay"]>;

/** "23 Nov" for "2026-11-23": the day as named, whatever the reader's zone. */
export function shortDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/**
 * The spoiler-free result of a day: counts, the streak and one symbol per round, then the
 * game's address. Nothing in it names, describes or shows an anime.
 */
export function shareText(shared: SharedDay, streak: number, address: string): string {
  const head = [
    "Anime Guess",
    shortDate(shared.day),
    `${shared.solved} solved`,
    `${shared.points.toLocaleString("en-US")} pts`,
    ...(streak > 0 ? [`🔥 ${streak}`] : []),
  ].join(" · ");
  const symbols = shared.marks.map((mark) => MARK_SYMBOLS[mark]);
  const lines: string[] = [];
  for (let start = 0; start < symbols.length; start += SYMBOLS_PER_LINE) {
    lines.push(symbols.slice(start, start + SYMBOLS_PER_LINE).join(""));
  }
  const untold = shared.rounds - shared.marks.length;
  if (untold > 0 && lines.length > 0) lines[lines.length - 1] += ` +${untold}`;
  return [head, ...lines, address].join("\n");
}
