// AniList's description as plain lines: markup and entities decoded and stripped (whatever the
// input, no tag survives), credits, notes and their lists removed.
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  shy: "",
  zwj: "",
  zwnj: "",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  prime: "′",
  middot: "·",
  bull: "•",
  deg: "°",
  times: "×",
  copy: "©",
  reg: "®",
  trade: "™",
  star: "☆",
  hearts: "♥",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  ocirc: "ô",
  ucirc: "û",
  iuml: "ï",
  ccedil: "ç",
  ntilde: "ñ",
  szlig: "ß",
};

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z][a-z0-9]{1,31}));/gi;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? "";
    const codePoint = decimal !== undefined ? Number(decimal) : parseInt(hex ?? "", 16);
    const isScalar =
      codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return isScalar ? String.fromCodePoint(codePoint) : "";
  });
}

const LINE_BREAK_TAG = /<\s*(?:br|\/?p|\/?div|\/?li|\/?ul|\/?ol|hr)\b[^>]*>/gi;
const ANY_TAG = /<\s*\/?\s*[a-z!][^<>]*>/gi;

function stripMarkup(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(LINE_BREAK_TAG, "\n")
    .replace(ANY_TAG, "");
}

/** Markup can arrive encoded ("&lt;i&gt;"): decode and strip until nothing changes. */
export function toPlainText(html: string): string {
  let text = html
    .normalize("NFKC")
    .replace(/\r\n?/g, "\n")
    .replace(/\n{2,}/g, "<br>")
    .replace(/\n/g, " ");
  for (let round = 0; round < 4; round++) {
    const next = stripMarkup(decodeEntities(stripMarkup(text)));
    if (next === text) break;
    text = next;
  }
  return withoutMarkup(text);
}

/**
 * What an HTML parser would read as the start of a tag, a comment or a
 * declaration: "<" before a letter, "/", "!" or "?" (with any "<" run before it,
 * so that removing one cannot join the next into a new one).
 */
const TAG_START = /<+(?=[a-z!/?])/gi;

/** The last pass: no tag, entity or unclosed tag opening is left, whatever the input. */
export function withoutMarkup(text: string): string {
  return text.replace(ANY_TAG, "").replace(ENTITY, "").replace(TAG_START, "");
}

const CREDIT_IN_BRACKETS =
  /[([]\s*(?:sources?\s*[:-]|written\s+by|summary\s+(?:by|from)|description\s+(?:by|from)|synopsis\s+(?:by|from)|text\s+(?:by|from)|translated\s+by|taken\s+from|adapted\s+from|credits?\s*:)[^()[\]]*[)\]]/gi;
const CREDIT_LINE = /^(?:sources?\s*:|written\s+by\b|summary\s+by\b|\(\s*source\b)/i;
const NOTE_HEADING =
  /^(?:[*•~]|notes?\b|n\.b\.|disclaimers?\b|trivia\b|warnings?\b|episodes?\s+list\b|\(\s*notes?\b)/i;
const LIST_ITEM = /^[-–—•*・~]\s*/;

/** The description as plain lines: credits, notes and their lists removed. */
export function cleanDescription(description: string): string[] {
  const lines = toPlainText(description)
    .replace(CREDIT_IN_BRACKETS, " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim());
  const kept: string[] = [];
  let inNote = false;
  for (const line of lines) {
    if (line.length === 0) {
      inNote = false;
      continue;
    }
    if (NOTE_HEADING.test(line)) {
      inNote = true;
      continue;
    }
    if (inNote && LIST_ITEM.test(line)) continue;
    inNote = false;
    if (CREDIT_LINE.test(line) || LIST_ITEM.test(line)) continue;
    kept.push(line);
  }
  return kept;
}
