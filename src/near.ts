// Near misses: which known name or value a name or value found is most likely a slip of.

/**
 * The known name `found` is most likely a slip of: one that differs from it only in case, or, for a
 * name of 4 characters or more, by one edit (two for 8 or more): a letter added, dropped, changed,
 * or two neighbours swapped. The first such name of least distance; undefined when `found` is known
 * or none is near, so that short names such as `id` are never taken for another.
 */
export function nearest(found: string, known: readonly string[]): string | undefined {
  if (known.includes(found)) return undefined;
  const lower = found.toLowerCase();
  let best: string | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const limit = name.length >= 8 ? 2 : name.length >= 4 ? 1 : 0;
    if (Math.abs(name.length - found.length) > limit) continue;
    const d = distance(lower, name.toLowerCase(), Math.min(limit, least - 1));
    if (d <= limit && d < least) {
      least = d;
      best = name;
    }
  }
  return best;
}

/**
 * The optimal string alignment distance of `a` and `b` when it is at most `limit`, else `limit + 1`:
 * Levenshtein's edits plus the swap of two neighbours, cut off once every alignment exceeds `limit`.
 */
function distance(a: string, b: string, limit: number): number {
  if (limit < 0) return 1;
  if (a === b) return 0;
  if (limit === 0) return 1;
  let before = new Array<number>(b.length + 1);
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = new Array<number>(b.length + 1);
    next[0] = i;
    let lowest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      next[j] = d;
      if (d < lowest) lowest = d;
    }
    if (lowest > limit) return limit + 1;
    before = row;
    row = next;
  }
  return Math.min(row[b.length], limit + 1);
}
