// The clue for an anime, from its AniList entry. One module per idea; this one puts them together.
import { buildMatcher, containsForm, forbiddenForms, type ClueSource, type Matcher } from "./forms";
import { cleanDescription, toPlainText, withoutMarkup } from "./markup";
import { neutralizePronouns } from "./pronouns";
import { FormReplacer, scrub, swapGenreWords } from "./replacements";
import { finishSentence, isMetaSentence, splitSentences } from "./sentences";

export type { ClueSource };

const SENTENCES_PER_CLUE = 2;
/** Two run-on sentences can still be a wall of text: a clue is cut at a word, with an ellipsis, past this. */
const MAX_CLUE_LENGTH = 700;

function shorten(body: string): string {
  if (body.length <= MAX_CLUE_LENGTH) return body;
  const cut = body.slice(0, MAX_CLUE_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:\-–—]+$/u, "")}…`;
}

function genreLine(genres: ClueSource["genres"], matcher: Matcher | null): string | null {
  const names: string[] = [];
  for (const genre of genres ?? []) {
    if (typeof genre !== "string") continue;
    // Genres come from AniList as they are, so they get the description's cleaning too.
    const name = toPlainText(genre).replace(/\s+/g, " ").trim();
    // A genre that is also a title or a name would give the answer away.
    if (name.length === 0 || names.includes(name) || containsForm(name, matcher)) continue;
    names.push(name);
  }
  return names.length === 0 ? null : `Genres: ${names.join(", ")}`;
}

/**
 * The clue for an anime: its description without markup or credits, cut to
 * two sentences, with every title form and main character's name replaced by
 * neutral words, pronouns neutralised, genre jargon made generic, and a final
 * "Genres: …" line when there are genres. Pure and deterministic.
 */
export function makeClue(media: ClueSource): string {
  const matcher = buildMatcher(forbiddenForms(media));
  const replacer = matcher === null ? null : new FormReplacer(matcher, media.format);
  const description = typeof media.description === "string" ? media.description : "";
  const sentences = cleanDescription(description).flatMap((line) =>
    splitSentences(replacer === null ? line : replacer.replace(line)),
  );
  const story = sentences.filter((sentence) => !isMetaSentence(sentence));
  const chosen = (story.length > 0 ? story : sentences).slice(0, SENTENCES_PER_CLUE);
  let body = shorten(
    chosen
      .map((sentence) => finishSentence(swapGenreWords(neutralizePronouns(sentence))))
      .join(" "),
  );
  if (matcher !== null) body = scrub(body, matcher);
  body = withoutMarkup(body).trim();
  const genres = genreLine(media.genres, matcher);
  return [body, genres]
    .filter((part): part is string => part !== null && part.length > 0)
    .join("\n");
}
