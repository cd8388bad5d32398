// Near misses: which known name or value a name or value found is most likely a slip of.

/**
 * The known name `found` is most likely a slip of: one that differs from it only in case, or, for a
 * name of 4 characters or more, by one edit (two for 8 or more): a letter added, dropped, changed,
 * or two neighbours swapped. The first such name of least distance; undefined when `found` is known
 * or none is near, so that short names such as `id` are never taken for another.
 */
export function nearest(found: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let least = 3;
  for (let k = 0; k < known.length; k++) {
    const name = known[k];
    if (name === found) return undefined;
    const limit = Math.min(name.length >= 8 ? 2 : name.length >= 4 ? 1 : 0, least - 1);
    if (limit < 0 || Math.abs(name.length - found.length) > limit) continue;
    const d = distance(found, name, limit);
    if (d <= limit) {
      least = d;
      best = name;
    }
  }
  return best;
}

/** An ASCII letter in lower case, any other UTF-16 code unit as it is. */
const fold = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** Rows of the distance table, reused: the names compared are short, and nothing is allocated. */
const width = 64;
let older = /* @__PURE__ */ new Int32Array(width + 1);
let row = /* @__PURE__ */ new Int32Array(width + 1);
let next = /* @__PURE__ */ new Int32Array(width + 1);

/**
 * The optimal string alignment distance of `a` and `b`, ASCII letters compared without case, when it
 * is at most `limit`, else `limit + 1`: Levenshtein's edits plus the swap of two neighbours. Only
 * the band of cells within `limit` of the diagonal is computed, and the work stops once every
 * alignment exceeds `limit`.
 */
function distance(a: string, b: string, limit: number): number {
  const n = a.length;
  const m = b.length;
  const over = limit + 1;
  if (n > width || m > width) return over;
  for (let j = 0; j <= m; j++) row[j] = j <= limit ? j : over;
  for (let i = 1; i <= n; i++) {
    const ca = fold(a.charCodeAt(i - 1));
    const pa = i > 1 ? fold(a.charCodeAt(i - 2)) : -1;
    const from = Math.max(1, i - limit);
    const to = Math.min(m, i + limit);
    next[0] = i <= limit ? i : over;
    if (from > 1) next[from - 1] = over;
    let lowest = next[0];
    for (let j = from; j <= to; j++) {
      const cb = fold(b.charCodeAt(j - 1));
      let d = row[j - 1] + (ca === cb ? 0 : 1);
      if (row[j] + 1 < d) d = row[j] + 1;
      if (next[j - 1] + 1 < d) d = next[j - 1] + 1;
      if (i > 1 && j > 1 && ca === fold(b.charCodeAt(j - 2)) && pa === cb && older[j - 2] + 1 < d) d = older[j - 2] + 1;
      next[j] = Math.min(d, over);
      if (d < lowest) lowest = d;
    }
    if (to < m) next[to + 1] = over;
    if (lowest > limit) return over;
    const spare = older;
    older = row;
    row = next;
    next = spare;
  }
  return row[m] <= limit ? row[m] : over;
}
