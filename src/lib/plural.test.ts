import { expect, test } from "vitest";
import { countOf } from "./plural";

test("one takes the singular, every other count the plural", () => {
  expect(countOf(1, "guess", "guesses")).toBe("1 guess");
  expect(countOf(0, "guess", "guesses")).toBe("0 guesses");
  expect(countOf(2, "title")).toBe("2 titles");
  expect(countOf(1, "second")).toBe("1 second");
});
