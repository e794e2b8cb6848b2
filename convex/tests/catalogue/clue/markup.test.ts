import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { makeClue } from "../../../model/catalogue/clue/index";

const MARKUP = /<\/?[a-z][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]+);/i;

describe("makeClue: cleaning", () => {
  test("decodes entities and strips markup", () => {
    const clue = makeClue({
      description:
        "The <i>ferry</i> leaves at dawn &mdash; always on time.<br><br>\nA &quot;ghost&quot; rides it &amp; never pays&#33;<br>",
    });
    expect(clue).toBe(
      'The ferry leaves at dawn — always on time. A "ghost" rides it & never pays!',
    );
  });

  test("strips markup that arrives encoded", () => {
    const clue = makeClue({
      description: "A &lt;b&gt;bold&lt;/b&gt; baker &amp;lt;i&amp;gt;bakes.",
    });
    expect(clue).toBe("A bold baker bakes.");
    expect(clue).not.toMatch(MARKUP);
  });

  test("removes source and credit notes", () => {
    const clue = makeClue({
      description: [
        "Mira tends the last lighthouse (Source: Harbor Press).",
        "Her lamp never goes out. [Written by MAL Rewrite]",
        "(Summary by a kind reader)",
      ].join("<br><br>"),
    });
    expect(clue).toBe("Mira tends the last lighthouse. Their lamp never goes out.");
  });

  test("drops notes and their lists", () => {
    const clue = makeClue({
      description:
        "Foxes run the post office.<br><br><i>Note: Includes a recap episode.</i><br><br>Notes:<br>- The first episode is long.<br>- Aired late.",
    });
    expect(clue).toBe("Foxes run the post office.");
  });

  test("never throws and returns nothing for an empty item", () => {
    expect(makeClue({})).toBe("");
    expect(
      makeClue({ title: null, synonyms: null, description: null, genres: null, characters: null }),
    ).toBe("");
    expect(makeClue({ description: "   <br>  " })).toBe("");
    expect(makeClue({ description: "(Source: Nowhere)" })).toBe("");
  });
});

/** What an HTML parser takes for the start of a tag, a comment or a declaration. */
const TAG_START = /<[a-z!/?]/i;

describe("makeClue: untrusted markup", () => {
  test.each([
    [
      "Mira finds a sword. <script>alert(1)</script> She keeps it.",
      "Mira finds a sword. alert(1) They keep it.",
    ],
    ["Mira finds a <img src=x onerror=alert(1)>sword.", "Mira finds a sword."],
    ['Mira finds <a href="javascript:alert(1)">a sword</a>.', "Mira finds a sword."],
    ["Mira finds a <SVG/ONLOAD=alert(1)>sword.", "Mira finds a sword."],
    ["Mira finds a &lt;img src=x onerror=alert(1)&gt;sword.", "Mira finds a sword."],
    [
      "Mira finds a <scr<script>ipt>alert(1)</scr</script>ipt>sword.",
      "Mira finds a alert(1)sword.",
    ],
    ["Mira finds a sword.<!-- <script>alert(1)</script> -->", "Mira finds a sword."],
    // An unclosed tag used to survive whole (found while writing these tests).
    [
      "Mira finds a sword <img src=x onerror=alert(1)",
      "Mira finds a sword img src=x onerror=alert(1).",
    ],
  ])("%j becomes plain text", (description, clue) => {
    expect(makeClue({ description })).toBe(clue);
  });

  // Genres used to pass through as AniList sent them (found while writing these tests).
  test("genres are cleaned like the description", () => {
    const clue = makeClue({
      description: "Mira finds a sword.",
      genres: ["<img src=x onerror=alert(1)>", "<b>Action</b>", "&lt;script&gt;Drama"],
    });
    expect(clue).toBe("Mira finds a sword.\nGenres: Action, Drama");
  });

  test("no mix of markup fragments leaves a tag start, in the story or the genres", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "<",
        ">",
        "<<",
        "/",
        "!",
        "?",
        "&",
        ";",
        "<script>",
        "</script>",
        "<img src=x onerror=alert(1)>",
        "<img",
        " src=x onerror=alert(1)",
        '<a href="javascript:alert(1)">',
        "</a>",
        "<br>",
        "<!--",
        "-->",
        "&lt;",
        "&gt;",
        "&amp;",
        "&#60;",
        "&#x3c;",
        "\n",
        "\n\n",
      ),
      fc.constantFrom("Mira", "sails", "a", "script", "img", "svg", " ", ". ", "The"),
    );
    const text = fc.array(piece, { maxLength: 25 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 3 }), (description, genres) => {
        expect(makeClue({ title: { english: "Mira" }, description, genres })).not.toMatch(
          TAG_START,
        );
      }),
      { numRuns: 500 },
    );
  });
});
