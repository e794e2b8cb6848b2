import { describe, expect, test } from "vitest";
import { makeClue } from "./index";

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
});
