import { describe, expect, test } from "vitest";
import { shareText, shortDate } from "./shareText";

describe("shareText", () => {
  test("a sample day, exactly", () => {
    expect(
      shareText(
        {
          day: "2026-11-23",
          rounds: 12,
          solved: 7,
          points: 850,
          marks: [
            "firstTry",
            "solvedLater",
            "missed",
            "firstTry",
            "skipped",
            "solvedLater",
            "solvedLater",
            "firstTry",
            "missed",
            "skipped",
            "solvedLater",
            "skipped",
          ],
        },
        4,
        "https://anime-guess.example",
      ),
    ).toBe(
      "Anime Guess · 23 Nov · 7 solved · 850 pts · 🔥 4\n" +
        "🟩🟨🟥🟩⬜🟨🟨🟩🟥⬜\n" +
        "🟨⬜\n" +
        "https://anime-guess.example",
    );
  });

  test("no streak, thousands, and rounds beyond the symbols kept", () => {
    expect(
      shareText(
        { day: "2027-01-05", rounds: 3, solved: 1, points: 1250, marks: ["missed", "firstTry"] },
        0,
        "http://localhost:4173",
      ),
    ).toBe("Anime Guess · 5 Jan · 1 solved · 1,250 pts\n🟥🟩 +1\nhttp://localhost:4173");
  });

  test("the date is the player's day as named, not shifted by the reader's zone", () => {
    expect(shortDate("2026-03-08")).toBe("8 Mar");
    expect(shortDate("2026-12-31")).toBe("31 Dec");
  });
});
