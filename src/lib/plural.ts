const rules = new Intl.PluralRules("en-US");

/** A count with its noun in the right number: (1, "guess", "guesses") → "1 guess". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${rules.select(count) === "one" ? one : other}`;
}
