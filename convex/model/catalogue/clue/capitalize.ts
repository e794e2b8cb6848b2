/** The text with its first letter (after any opening quote or bracket) in upper case. */
export function capitalize(text: string): string {
  return text.replace(
    /^(["'“‘«(\s]*)(\p{Ll})/u,
    (_all, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
}
