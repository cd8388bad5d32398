import { lengthOf, maxReads } from './read.js';

/**
 * The guard under way: how many more elements it may read, across ajv's loops and the walk of its
 * arrays ({@link maxReads}, as a validation, which no JSON text within the package's limits needs),
 * and that walk with its input while it has not run.
 */
export const guardBudget: { left: number; walk: ((data: unknown) => boolean) | undefined; value: unknown } = {
  left: Infinity,
  walk: undefined,
  value: undefined,
};

/** An array longer than this makes a guard walk its input's arrays before ajv loops over it. */
const walkPast = 1024;

/** Thrown through a guard that ran out of reads, or whose walk found an element out of place: it answers false. */
const refused: unique symbol = /* @__PURE__ */ Symbol('refused');

/**
 * The length of the array `list`, read once and charged to the guard under way; past its reads, the
 * guard answers false. Before the first loop over more than 1,024 elements, the guard walks its
 * input's arrays (a hole where an object must be is false at once, where ajv's loops of the rules
 * would read every element first).
 */
export function counted(list: readonly unknown[]): number {
  const n = lengthOf(list);
  guardBudget.left -= n;
  if (guardBudget.left < 0) throw refused;
  const { walk } = guardBudget;
  if (n > walkPast && walk) {
    guardBudget.walk = undefined;
    if (!walk(guardBudget.value)) throw refused;
  }
  return n;
}

/**
 * Whether `validate` accepts `value`; false when reading `value` throws (a hostile getter or Proxy),
 * costs more reads than a validation may make, or `walk`, the walk of its arrays, finds an element
 * out of place, which `validate` would refuse too.
 */
export function passes(
  validate: (data: unknown) => boolean,
  value: unknown,
  walk?: (data: unknown) => boolean,
): boolean {
  // a guard run by a getter inside another guard keeps the outer one's state
  const { left, walk: outerWalk, value: outerValue } = guardBudget;
  guardBudget.left = maxReads;
  guardBudget.walk = walk;
  guardBudget.value = value;
  try {
    return validate(value);
  } catch {
    return false;
  } finally {
    guardBudget.left = left;
    guardBudget.walk = outerWalk;
    guardBudget.value = outerValue;
  }
}
