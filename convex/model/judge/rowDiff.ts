/**
 * What to write so that one anime's derived rows (its title index or suggestion rows) become
 * `wanted`: the stored rows no longer wanted, and the wanted rows not yet stored. Unchanged rows
 * are left alone, so a daily refresh of an unchanged pool writes none. Rows are matched by
 * `keyOf` as a multiset (a duplicate stored twice and wanted once loses one copy).
 */
export function rowDiff<Stored, Wanted>(
  stored: readonly Stored[],
  wanted: readonly Wanted[],
  keyOf: (row: Stored | Wanted) => string,
): { stale: Stored[]; missing: Wanted[] } {
  const kept = new Map<string, number>();
  for (const row of wanted) kept.set(keyOf(row), (kept.get(keyOf(row)) ?? 0) + 1);
  const stale: Stored[] = [];
  for (const row of stored) {
    const left = kept.get(keyOf(row)) ?? 0;
    if (left > 0) kept.set(keyOf(row), left - 1);
    else stale.push(row);
  }
  const missing: Wanted[] = [];
  for (const row of wanted) {
    const left = kept.get(keyOf(row)) ?? 0;
    if (left > 0) {
      kept.set(keyOf(row), left - 1);
      missing.push(row);
    }
  }
  return { stale, missing };
}
