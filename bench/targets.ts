// The targets table of `npm run bench` and `npm run bench:services`: each line a target, the median
// of its paired rounds' ratios, their spread, each run's median, and whether the target holds in
// every run. Ratios decide; absolute figures are context.

/** One target on one corpus as one run measured it. */
export interface Measured {
  /** What is held to the target, e.g. "validateProductOrder ÷ ajv allErrors (speed)". */
  readonly target: string;
  readonly corpus: string;
  /** The least or the most the value may be. */
  readonly bound: { readonly atLeast: number } | { readonly atMost: number };
  /** The value of each paired round: a ratio, or a size for a line of unit KB. */
  readonly rounds: readonly number[];
  readonly unit?: '×' | ' KB';
  /** Absolute figures for context, never for pass or fail. */
  readonly context: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const fmt = (n: number, digits = 2): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const meets = (line: Measured, value: number) =>
  'atLeast' in line.bound ? value >= line.bound.atLeast : value <= line.bound.atMost;

/**
 * The table of the lines of every run (`runs[r]` the lines of run r, the same lines in each):
 * a line holds when the median of its rounds holds in every run.
 */
export function targetsTable(runs: readonly (readonly Measured[])[]): string {
  const rows = [
    '| target | corpus | median | spread (min–max of rounds) | median of each run | holds | context (run 1) |',
    '|---|---|---:|---|---|---|---|',
  ];
  for (const [i, line] of (runs[0] ?? []).entries()) {
    const all = runs.map((run) => run[i]).filter((l): l is Measured => l !== undefined);
    const unit = line.unit ?? '×';
    const rounds = all.flatMap((l) => l.rounds);
    const perRun = all.map((l) => median(l.rounds));
    const held = perRun.filter((value) => meets(line, value)).length;
    const bound = 'atLeast' in line.bound ? `≥ ${fmt(line.bound.atLeast)}` : `≤ ${fmt(line.bound.atMost)}`;
    const spread =
      rounds.length > 1 ? `${fmt(Math.min(...rounds))}–${fmt(Math.max(...rounds))}${unit} (${rounds.length})` : '';
    rows.push(
      `| ${line.target} ${bound}${unit} | ${line.corpus} | ${fmt(median(rounds))}${unit} | ${spread} | ` +
        `${perRun.map((value) => `${fmt(value)}${unit}`).join(', ')} | ` +
        `${held === all.length ? 'yes' : held === 0 ? '**no**' : `**no** (${held} of ${all.length} runs)`} | ${line.context} |`,
    );
  }
  return rows.join('\n');
}
