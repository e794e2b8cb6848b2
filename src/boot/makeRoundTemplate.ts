import type { GameView } from "@convex/model/game/view";
import {
  slotMarkup,
  type RoundTemplate,
  type RoundTemplateSlot,
  type RoundTemplateValues,
} from "./roundTemplate";

// Build time only (scripts/prerender renders the sample; see roundTemplate.ts): kept apart from the
// filling, which the boot's /game script carries.

const SAMPLE: RoundTemplateValues = {
  score: 7_654_321,
  animeLeft: 5101,
  animeLimit: 5202,
  dailyLeft: 5303,
  dailyLimit: 5404,
  coverColor: "#0a0b0c",
  clue: "ROUND-TEMPLATE-CLUE",
};

/** The round the template is rendered from. */
export const TEMPLATE_SAMPLE_VIEW: GameView = {
  score: SAMPLE.score,
  dailyRemaining: SAMPLE.dailyLeft,
  animeRemaining: SAMPLE.animeLeft,
  dailyLimit: SAMPLE.dailyLimit,
  animeLimit: SAMPLE.animeLimit,
  cooldownEnd: null,
  nextResetAt: 0,
  lastReset: 0,
  round: {
    number: 1,
    status: "playing",
    guessesUsed: 0,
    pointsEarned: null,
    seenBefore: false,
    dealtAtReset: false,
    clue: SAMPLE.clue,
    // The cover's image comes with React: it fades in once loaded, over the box's colour.
    coverPath: null,
    coverColor: SAMPLE.coverColor,
    answer: null,
    guesses: [],
  },
  skippedAnswer: null,
};

/** Each slot's text in the sample's markup. */
const SAMPLE_MARKUP = slotMarkup(SAMPLE);

/** Cuts the sample round's markup at its slots; throws if a slot is missing or ambiguous. */
export function makeRoundTemplate(markup: string): RoundTemplate {
  const found = (Object.keys(SAMPLE_MARKUP) as RoundTemplateSlot[]).map((slot) => {
    const text = SAMPLE_MARKUP[slot];
    const at = markup.indexOf(text);
    if (at < 0 || markup.indexOf(text, at + 1) >= 0) {
      throw new Error(`The game's markup holds ${JSON.stringify(text)} (${slot}) not exactly once`);
    }
    return { slot, at, end: at + text.length };
  });
  found.sort((a, b) => a.at - b.at);
  const parts: string[] = [];
  let from = 0;
  for (const { at, end, slot } of found) {
    if (at < from) throw new Error(`The game's markup has slot ${slot} inside another`);
    parts.push(markup.slice(from, at));
    from = end;
  }
  parts.push(markup.slice(from));
  return { parts, slots: found.map(({ slot }) => slot) };
}
