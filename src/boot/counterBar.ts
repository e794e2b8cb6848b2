/** A guess counter's bar: the share of the allowance left, as a CSS width. */
export function counterBarWidth(left: number, limit: number): string {
  return `${(100 * left) / limit}%`;
}
