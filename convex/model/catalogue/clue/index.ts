// The clue for an anime, from its AniList entry. One module per idea; this one puts them together.
import { MIN_CLUE_WORDS } from "../../shared/rules";
import { buildMatcher, containsForm, forbiddenForms, type ClueSource } from "./forms";
import { cleanDescription, toPlainText, withoutMarkup } from "./markup";
import { neutralizePronouns } from "./pronouns";
import { contentWordCount } from "./redact";
import { redactShielded, swapGenreWords, type Shield } from "./replacements";
import { finishSentence, isMetaSentence, splitSentences } from "./sentences";
import {
  characterNameWords,
  distinctiveTitleWords,
  properTitleWords,
  titleWordRanges,
} from "./titleWords";

export type { ClueSource };
export { REDACTION } from "./redact";

/** The spec's cut: the first two sentences of the story… */
const SENTENCES_PER_CLUE = 2;
/** …and a few more only while those two say fewer than MIN_CLUE_WORDS words. */
const MAX_SENTENCES_PER_CLUE = 4;
/** Two run-on sentences can still be a wall of text: a clue is cut at a word, with an ellipsis, past this. */
const MAX_CLUE_LENGTH = 700;
/** What starts the line of genres the clue ends with. */
export const GENRES_PREFIX = "Genres: ";

function shorten(body: string): string {
  if (body.length <= MAX_CLUE_LENGTH) return body;
  const cut = body.slice(0, MAX_CLUE_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:\-–—]+$/u, "")}…`;
}

function genreLine(genres: ClueSource["genres"], shield: Shield): string | null {
  const names: string[] = [];
  for (const genre of genres ?? []) {
    if (typeof genre !== "string") continue;
    // Genres come from AniList as they are, so they get the description's cleaning too.
    const name = toPlainText(genre).replace(/\s+/g, " ").trim();
    // A genre that is also a title or a name would give the answer away.
    if (
      name.length === 0 ||
      names.includes(name) ||
      containsForm(name, shield.matcher) ||
      titleWordRanges(name, shield.titleWords).length > 0
    )
      continue;
    names.push(name);
  }
  return names.length === 0 ? null : `${GENRES_PREFIX}${names.join(", ")}`;
}

/** A clue's two parts: the story, and the genres line (null when there is none). */
export function clueParts(clue: string): { story: string; genres: string | null } {
  const at = clue.indexOf(`\n${GENRES_PREFIX}`);
  if (at !== -1) return { story: clue.slice(0, at), genres: clue.slice(at + 1) };
  return clue.startsWith(GENRES_PREFIX)
    ? { story: "", genres: clue }
    : { story: clue, genres: null };
}

/**
 * Whether a clue's story tells something: at least MIN_CLUE_WORDS words outside the marks, and
 * not only release notes ("The second part of ▇▇▇.", "A new anime project adapting side
 * stories…"). A clue that does not is replaced when it is dealt (see roundClue.ts).
 */
export function isInformative(story: string): boolean {
  if (contentWordCount(story) < MIN_CLUE_WORDS) return false;
  return splitSentences(story).some((sentence) => !isMetaSentence(sentence));
}

/**
 * The clue for an anime: its description without markup or credits, cut to the first two
 * sentences of the story (more only while they are under MIN_CLUE_WORDS words), every title form,
 * distinctive title word and name redacted (replacements.ts `Shield`), pronouns neutralised, genre jargon made
 * generic, and a final "Genres: …" line when there are genres. Pure and deterministic. What the
 * pool's judge would accept besides is redacted when the clue is dealt (roundClue.ts).
 */
export function makeClue(media: ClueSource): string {
  const shield: Shield = {
    matcher: buildMatcher(forbiddenForms(media)),
    titleWords: distinctiveTitleWords([media]),
    properTitleWords: properTitleWords([media]),
    nameWords: characterNameWords((media.characters?.nodes ?? []).map((node) => node?.name)),
  };
  const description = typeof media.description === "string" ? media.description : "";
  const sentences = cleanDescription(description).flatMap((line) =>
    splitSentences(redactShielded(line, shield)),
  );
  const story = sentences.filter((sentence) => !isMetaSentence(sentence));
  const pool = story.length > 0 ? story : sentences;
  const chosen = pool.slice(0, SENTENCES_PER_CLUE);
  for (const next of pool.slice(SENTENCES_PER_CLUE, MAX_SENTENCES_PER_CLUE)) {
    if (contentWordCount(chosen.join(" ")) >= MIN_CLUE_WORDS) break;
    chosen.push(next);
  }
  let body = shorten(
    chosen
      .map((sentence) => finishSentence(swapGenreWords(neutralizePronouns(sentence))))
      .join(" "),
  );
  // The last guard: whatever the rewording did, no title form or name is left.
  body = withoutMarkup(redactShielded(body, shield)).trim();
  const genres = genreLine(media.genres, shield);
  return [body, genres]
    .filter((part): part is string => part !== null && part.length > 0)
    .join("\n");
}
