import { describe, expect, test } from "vitest";
import {
  confusableSkeleton,
  isReservedUsername,
  usernameKey,
} from "../../model/accounts/usernameKey";

describe("usernameKey", () => {
  test.each([
    ["AIice", "alice"],
    ["A1ice", "alice"],
    ["0livia", "olivia"],
    ["B0ss", "Boss"],
    ["ilya", "Ilya"],
    ["Zed_2", "zed2"],
    ["rnary", "mary"],
    // Other scripts and widths: Cyrillic А, у and М, fullwidth letters, a zero-width space.
    ["Аlice", "alice"],
    ["Sуstem", "System"],
    ["МАRY", "mary"],
    ["ａｌｉｃｅ", "alice"],
    ["al\u200Bice", "alice"],
  ])("%j and %j share a key", (one, other) => {
    expect(usernameKey(one)).toBe(usernameKey(other));
  });

  test.each([
    ["Alicia", "alice"],
    ["Bose", "Boss"],
    ["Zoë", "Zoe"],
    ["アリス", "アリサ"],
    ["player2", "player"],
  ])("%j and %j keep apart", (one, other) => {
    expect(usernameKey(one)).not.toBe(usernameKey(other));
  });

  test("the skeleton is Unicode's: I and 1 read as l, 0 as O, m as rn, Cyrillic as Latin", () => {
    expect(confusableSkeleton("AIice A1ice B0ss mod Sуstem")).toBe("Alice Alice BOss rnod Systern");
  });

  test("a key is its own key: a stored key compares with a new one", () => {
    for (const name of ["AIice", "МАRY", "Anime_Guess", "ｍｏｄ", "Ilya_1987"]) {
      expect(usernameKey(usernameKey(name))).toBe(usernameKey(name));
    }
  });
});

describe("isReservedUsername", () => {
  test.each(["Sуstem", "ＡＤＭＩＮ", "Ѕupport", "Anime Guess", "anime.guess", "anime-guess"])(
    "%j, in other scripts, widths or with separators the form refuses, is reserved",
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  test.each(["Admiral", "Modest", "Systematic", "Supporter", "Stafford", "AnimeFan"])(
    "%j, which only starts like a reserved name, is not",
    (name) => {
      expect(isReservedUsername(name)).toBe(false);
    },
  );
});
