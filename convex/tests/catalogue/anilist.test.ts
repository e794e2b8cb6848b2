import { describe, expect, test } from "vitest";
import {
  CatalogueResponseError,
  parseCataloguePage,
  parseRetryAfter,
  toCatalogueItem,
} from "../../model/catalogue/anilist";

const item = {
  id: 7,
  title: { english: "  Moss Knight ", romaji: "Koke no Kishi", native: null },
  description: "A knight made of moss guards a bridge.",
  coverImage: {
    extraLarge: "",
    large: "not a url",
    medium: "https://img.example/7-m.jpg",
    color: " ",
  },
  synonyms: ["Moss Knight", " ", null, "MK"],
  genres: ["Comedy", null, "Comedy"],
};

describe("toCatalogueItem", () => {
  test("takes the largest usable cover and tidies the lists", () => {
    expect(toCatalogueItem(item)).toMatchObject({
      anilistId: 7,
      title: { english: "Moss Knight", romaji: "Koke no Kishi", native: null },
      coverImage: "https://img.example/7-m.jpg",
      synonyms: ["Moss Knight", "MK"],
      genres: ["Comedy"],
      siteUrl: "https://anilist.co/anime/7",
      clue: "A knight made of ▇▇▇ guards a bridge.\nGenres: Comedy",
    });
    expect(toCatalogueItem(item)).not.toHaveProperty("coverColor");
  });

  test("keeps no markup and no javascript: link from an item", () => {
    const stored = toCatalogueItem({
      ...item,
      description:
        'A knight <script>alert(1)</script>guards <a href="javascript:alert(1)">a bridge</a>.<img src=x onerror=alert(1)>',
      coverImage: {
        extraLarge: "javascript:alert(1)",
        large: null,
        medium: item.coverImage.medium,
      },
      siteUrl: "javascript:alert(1)",
      genres: ["<b>Comedy</b>"],
    });
    expect(stored).toMatchObject({
      clue: "A knight alert(1)guards a bridge.\nGenres: Comedy",
      coverImage: "https://img.example/7-m.jpg",
      siteUrl: "https://anilist.co/anime/7",
    });
  });

  test.each([
    [{ ...item, title: { english: " ", romaji: null, native: "苔の騎士" } }, "no title"],
    [{ ...item, coverImage: null }, "no cover image"],
    [{ ...item, description: "  " }, "no description"],
    [{ ...item, description: "<br>(Source: Someone)" }, "no description left for a clue"],
  ])("refuses an item with %#: %s", (media, reason) => {
    expect(toCatalogueItem(media)).toEqual({ reason });
  });
});

describe("parseCataloguePage", () => {
  test("sorts items into valid and invalid, and reads hasNextPage", () => {
    const page = parseCataloguePage({
      data: {
        Page: {
          pageInfo: { hasNextPage: false },
          media: [item, { id: "x" }, null, { ...item, id: 8, coverImage: null }],
        },
      },
    });
    expect(page.items.map((valid) => valid.anilistId)).toEqual([7]);
    expect(page.invalid).toEqual([
      { anilistId: null, reason: expect.stringMatching(/^id: /) as string },
      { anilistId: null, reason: expect.any(String) as string },
      { anilistId: 8, reason: "no cover image" },
    ]);
    expect(page.hasNextPage).toBe(false);
  });

  test("a page without pageInfo may have a next page", () => {
    expect(parseCataloguePage({ data: { Page: { media: [] } } }).hasNextPage).toBe(true);
  });

  test("a body that is not a page throws, with AniList's own message when it has one", () => {
    expect(() =>
      parseCataloguePage({ errors: [{ message: "Too Many Requests." }], data: null }),
    ).toThrow(new CatalogueResponseError("AniList errors: Too Many Requests."));
    expect(() => parseCataloguePage("nope")).toThrow(CatalogueResponseError);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-21T04:30:00Z");

  test("reads seconds or an HTTP date", () => {
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 04:31:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 04:00:00 GMT", now)).toBe(0);
  });

  test("ignores a missing or unreadable header", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
