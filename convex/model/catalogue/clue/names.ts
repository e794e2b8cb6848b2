// Names without a list: the backstop for the people and places AniList lists as no main
// character ("a shinigami named Ryuk", "Kudo Shinichi" of a show fetched without its cast, the
// offline preview's sample). English capitalises a proper noun wherever it stands, and an
// invented name is no English word: a capitalised word that is no everyday word, met where a
// sentence does not start, is a name. Once known, it is a name at a sentence's start too, and so
// are the capitalised words written beside it ("Light Yagami": "Light" wherever it is capitalised).
import { isEverydayWord } from "../../judge/everydayWords";
import { isGenericWord } from "../../judge/genericWords";
import { titleWords } from "../../judge/normalize";
import { atSentenceStart, tokenize, type Range, type Token } from "./redact";

/** A capital, then lower case: "Ryuk", not "NERV", "I" or "II" (acronyms are the judge's). */
const CAPITALISED = /^\p{Lu}\p{Ll}[\p{L}\p{M}]*$/u;
/** The capitalised words beside a name that are taken as the rest of it, on each side. */
const MAX_NEIGHBOURS = 2;

type Word = Token & { folded: string; capitalised: boolean; sentenceStart: boolean };

function wordsOf(text: string): Word[] {
  return tokenize(text).map((token) => ({
    ...token,
    folded: titleWords(token.text).join(""),
    capitalised: CAPITALISED.test(token.text),
    sentenceStart: atSentenceStart(text, token.start),
  }));
}

/** Two words written side by side, one space apart, as the parts of one name are. */
function adjacent(text: string, left: Word, right: Word): boolean {
  return text.slice(left.end, right.start) === " ";
}

/**
 * Where the text holds a name it can tell without a list. `isJargon` keeps the words the clue
 * rewords instead ("Isekai", "Shounen"): genre words, not names.
 */
export function unlistedNameRanges(
  text: string,
  isJargon: (word: string) => boolean = () => false,
): Range[] {
  const words = wordsOf(text);
  const unknown = (word: Word) =>
    !isEverydayWord(word.folded) && !isGenericWord(word.folded) && !isJargon(word.text);
  // Capitalised where no sentence starts: a proper noun, whatever the word.
  const proper = new Set(
    words.filter((word) => word.capitalised && !word.sentenceStart).map((word) => word.folded),
  );
  const names = new Set(
    words
      .filter((word) => word.capitalised && !word.sentenceStart && unknown(word))
      .map((word) => word.folded),
  );
  // The rest of a name: a capitalised neighbour that is a proper noun or no everyday word
  // ("Kudo Shinichi", "Light Yagami"), not a sentence's first word ("Eventually Naruto").
  const partOfName = (word: Word | undefined) =>
    word !== undefined &&
    word.capitalised &&
    (!word.sentenceStart || proper.has(word.folded) || unknown(word));
  words.forEach((word, index) => {
    if (!word.capitalised || !names.has(word.folded)) return;
    for (let step = 1; step <= MAX_NEIGHBOURS; step++) {
      const after = words[index + step];
      if (!partOfName(after) || !adjacent(text, words[index + step - 1], after)) break;
      names.add(after.folded);
    }
    for (let step = 1; step <= MAX_NEIGHBOURS; step++) {
      const before = words[index - step];
      if (!partOfName(before) || !adjacent(text, before, words[index - step + 1])) break;
      names.add(before.folded);
    }
  });
  return words
    .filter((word) => word.capitalised && names.has(word.folded))
    .map(({ start, end }) => ({ start, end }));
}
