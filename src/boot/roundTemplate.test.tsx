// The boot paints /game's round from a template of the game screen (roundTemplate.ts); React's
// first render then replaces it. Filled, it must be the very markup
// React renders for that round, or the largest paint would move and the page would jump.
import { beforeAll, expect, test } from "vitest";
import type { GameView } from "@convex/model/game/view";
import { renderGameScreen, renderRoundTemplate } from "@/entry-prerender";
import { TEMPLATE_SAMPLE_VIEW } from "./makeRoundTemplate";
import { fillRoundTemplate, type RoundTemplate } from "./roundTemplate";

let template: RoundTemplate;
beforeAll(async () => {
  template = await renderRoundTemplate();
});

type Round = NonNullable<GameView["round"]>;

function gameWith(game: Partial<GameView>, round: Partial<Round> = {}): GameView {
  return {
    ...TEMPLATE_SAMPLE_VIEW,
    score: 0,
    dailyRemaining: 20,
    animeRemaining: 5,
    dailyLimit: 20,
    animeLimit: 5,
    nextResetAt: 1_800_000_000_000,
    lastReset: 1_700_000_000_000,
    ...game,
    round: {
      ...TEMPLATE_SAMPLE_VIEW.round!,
      number: 3,
      clue: "A boy finds a notebook.",
      coverPath: "cover/abc123",
      coverColor: "#e4a15d",
      ...round,
    },
  };
}

/** React's markup for `game` without its cover's image, which only React shows. */
async function reactMarkup(game: GameView): Promise<string> {
  return renderGameScreen({ ...game, round: { ...game.round!, coverPath: null } });
}

test("the template holds every variable part once, and the sample fills back to itself", async () => {
  expect([...template.slots].sort()).toEqual(
    [
      "animeBar",
      "animeLeft",
      "animeLimit",
      "clue",
      "coverStyle",
      "dailyBar",
      "dailyLeft",
      "dailyLimit",
      "score",
    ].sort(),
  );
  expect(fillRoundTemplate(template, TEMPLATE_SAMPLE_VIEW)).toBe(
    await renderGameScreen(TEMPLATE_SAMPLE_VIEW),
  );
});

test.each<[string, GameView]>([
  ["a fresh day", gameWith({})],
  ["a score in the thousands", gameWith({ score: 1_234_567, dailyRemaining: 7 })],
  ["a round half played", gameWith({ animeRemaining: 2, dailyRemaining: 13 }, { guessesUsed: 3 })],
  ["the last guesses", gameWith({ animeRemaining: 1, dailyRemaining: 1 })],
  ["thirds", gameWith({ animeRemaining: 1, animeLimit: 3, dailyRemaining: 2, dailyLimit: 3 })],
  ["no cover colour", gameWith({}, { coverColor: null })],
  ["a short colour", gameWith({}, { coverColor: "#fa0" })],
  [
    "markup in the clue",
    gameWith({}, { clue: `<img src=x onerror="alert(1)"> & 'quotes' "too" </p><script>` }),
  ],
  ["lines and letters", gameWith({}, { clue: "Line one.\nLine two — café, 進撃, 🎌.\n\nEnd." })],
  ["a clue like a slot", gameWith({}, { clue: "ROUND-TEMPLATE-CLUE 7,654,321 width:50%" })],
])("filled for %s, it is React's markup for the round", async (_, game) => {
  expect(fillRoundTemplate(template, game)).toBe(await reactMarkup(game));
});

test.each<[string, GameView]>([
  ["no round", { ...gameWith({}), round: null }],
  ["a solved round", gameWith({}, { status: "solved", pointsEarned: 10 })],
  ["an ended round", gameWith({}, { status: "outOfGuesses" })],
  ["a cooldown", gameWith({ cooldownEnd: 1_800_000_000_000 })],
  [
    "a skipped answer",
    gameWith({ skippedAnswer: { english: "Death Note", romaji: null, siteUrl: "https://x" } }),
  ],
  ["an answer seen before", gameWith({}, { seenBefore: true })],
  ["a colour that is not one", gameWith({}, { coverColor: 'red" onclick="alert(1)' })],
  ["a count that is not one", gameWith({ score: Number.NaN })],
  ["a limit of zero", gameWith({ animeLimit: 0 })],
  ["an encoded number", gameWith({ dailyRemaining: { $float: "AAAAAAAA+H8=" } as never })],
  ["a clue that is not text", gameWith({}, { clue: 42 as never })],
])("with %s there is no template: React shows the game", (_, game) => {
  expect(fillRoundTemplate(template, game)).toBeNull();
});

test("nothing is filled without a game", () => {
  expect(fillRoundTemplate(template, null)).toBeNull();
});
