/** The median of the figures measured (null and undefined ones, runs that measured nothing, left out); null for none. */
export function median(values) {
  const sorted = values
    .filter((value) => value !== null && value !== undefined)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
