// The command's exit codes, and the one function that turns a run's counts into its code.

/** Exit codes: every order valid; some order invalid; a usage error; an input that could not be read (it wins over invalid orders). */
export const exit = { valid: 0, invalid: 1, usage: 2, input: 3 } as const;

/** What fails a run: violations only (the default), or hints too. */
export const failOns = ['violations', 'hints'] as const;

/** What fails a run. */
export type FailOn = (typeof failOns)[number];

/** How many failing orders a run may have and still pass, and what fails an order. */
export interface Thresholds {
  readonly failOn: FailOn;
  /** The most orders that may fail with exit code 0. */
  readonly maxInvalid: number;
}

/** The counts the exit code depends on. */
export interface Outcome {
  readonly invalid: number;
  /** Valid orders with at least one hint. */
  readonly hinted: number;
  readonly inputErrors: number;
}

/** The orders that fail the run: the invalid ones, and with `--fail-on hints` the valid ones with a hint. */
export function failing(outcome: Outcome, thresholds: Thresholds): number {
  return outcome.invalid + (thresholds.failOn === 'hints' ? outcome.hinted : 0);
}

/**
 * The exit code of a run that got as far as checking: 3 when an input could not be read (the check
 * did not cover everything, whatever the orders gave), 1 when more orders fail than `--max-invalid`
 * allows, else 0.
 */
export function exitCode(outcome: Outcome, thresholds: Thresholds): number {
  if (outcome.inputErrors > 0) return exit.input;
  return failing(outcome, thresholds) > thresholds.maxInvalid ? exit.invalid : exit.valid;
}
