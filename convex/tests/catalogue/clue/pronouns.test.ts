import { describe, expect, test } from "vitest";
import { makeClue } from "../../../model/catalogue/clue/index";

describe("makeClue: wording", () => {
  test("neutralises gendered pronouns and makes the verb agree", () => {
    const clue = makeClue({
      description:
        "He lives alone and has a cat, but she watches him and his house. She tries to help her brother herself.",
    });
    expect(clue).toBe(
      "They live alone and have a cat, but they watch them and their house. They try to help their brother themselves.",
    );
  });

  test("a verb joined by 'and' or 'but' agrees with 'they' too, past an adverb or an ellipsis", () => {
    expect(
      makeClue({
        description:
          "He lives his days alone, but finally finds a job at a magazine. He's able to check his stats... and finds that all of them are low.",
      }),
    ).toBe(
      "They live their days alone, but finally find a job at a magazine. They're able to check their stats... and find that all of them are low.",
    );
    // A word in -s after "but" that is no verb stays.
    expect(
      makeClue({ description: "She waits, but things never change around the harbor town." }),
    ).toBe("They wait, but things never change around the harbor town.");
  });
});
