// What a validation finds before it is worded: the faults of every check, bounded in count and reads, ordered by path.
import { orderRuleIds } from './generated/rule-ids.js';
import { comparePaths, pointerKeys } from './pointer.js';
import { isRecord, maxReads, type NotJson, notJsonNodes, parsedJson, Work } from './read.js';
import { walkedId, walkFindings } from './registry/walked.js';
import type { Check, Finding, FindingOf, RuleId } from './violation.js';

/** What a validation found, before it is worded: the first violations and hints by path, at most `max` of each. */
export interface Collected {
  /** The first `max` violations' findings, ordered by path. */
  readonly listed: Finding[];
  /** How many were found beyond those listed. */
  readonly more: number;
  /** Whether validation stopped at its limit of findings or reads. */
  readonly stopped: boolean;
  /** The first `max` hints' findings, ordered by path. */
  readonly near: Finding[];
}

/** The findings of `checks` on `input`, as a validation listing `max` violations collects them. Never throws. */
export function collect(checks: readonly Check[], input: unknown, max: number): Collected {
  return collectWith(checkedBy(checks), input, max);
}

/** {@link collect} of the order's rules, without the code that runs other checks. */
export function collectOrder(input: unknown, max: number): Collected {
  return collectWith(orderFaults, input, max);
}

/** {@link collect} with the faults that `checked` finds. */
export function collectWith(checked: Checked, input: unknown, max: number): Collected {
  const { found, stopped, near, ordered } = findings(checked, input, stopAfter(max), max);
  const listed = found.length === 0 ? found : ordered ? found.slice(0, max) : byPath(found).slice(0, max);
  return {
    listed,
    more: found.length - listed.length,
    stopped,
    near: near.length === 0 ? near : byPath(near).slice(0, max),
  };
}

/**
 * How many findings a validation listing `max` collects before it stops: enough to list the first
 * `max` by path for any input with up to ten times as many faults.
 */
const stopAfter = (max: number): number => Math.max(10 * max, 1000);

const unreadable: readonly Finding[] = [{ rule: 'R-field', code: 'unreadable', path: '', params: {} }];

/** The input needed more reads than a validation makes: checking stopped, and it is no valid order. */
const tooCostly: Finding = { rule: 'R-field', code: 'too_costly', path: '', params: { limit: maxReads } };

/**
 * The findings of every check, until `stop` of them are found or the reads of the input are spent
 * ({@link maxReads}, across all checks), and at most `hints` hints: the budget of one {@link Work},
 * handed to each check.
 */
function findings(
  checked: Checked,
  input: unknown,
  stop: number,
  hints: number,
): { found: Finding[]; stopped: boolean; near: Finding[]; ordered: boolean } {
  const work = new Work(stop, maxReads, hints);
  const { found, stopped, ordered } = faultsOf(checked, input, work, stop);
  return { found, stopped, near: work.hints ?? [], ordered };
}

/** Faults as a pass gives them: `ordered` when they are in path order already. */
export interface Faults {
  found: Finding[];
  stopped: boolean;
  ordered: boolean;
}

/** A check as {@link faultsOf} calls it: this package's with the validation's {@link Work}, a caller's guarded. */
export type Budgeted = Check & { check(order: unknown, work?: Work): readonly Finding[] };

/**
 * The faults of `input`, until `stop` of them are found: each node that is no JSON value, then what
 * every check finds. The checks read a node that is no JSON value as a value of the wrong type, never
 * into it, and its one fault is its own (`wrong_type` with what was `found`).
 */
function faultsOf(checked: Checked, input: unknown, work: Work, stop: number): Faults {
  if (typeof input === 'object' && input !== null && parsedJson.has(input)) return checked(input, work, stop);
  let walked: ReturnType<typeof notJsonNodes>;
  try {
    walked = notJsonNodes(input, stop);
  } catch {
    // a Proxy trap or a getter that throws
    return { found: unreadable.slice(), stopped: false, ordered: true };
  }
  const { nodes, costly } = walked;
  if (nodes.length === 0 && !costly) return checked(input, work, stop);
  const found = nodes.map(notJsonFinding);
  if (found.length >= stop) return { found, stopped: true, ordered: false };
  const some = checked(nodes.length === 0 ? input : opaqueAt(input, nodes), work, stop - found.length);
  const at = new Map(nodes.map(({ path }, i) => [path, i]));
  for (const f of some.found) {
    const i = at.get(f.path);
    if (i === undefined) found.push(f);
    else if (f.code === 'wrong_type') {
      // the check's finding at the node gives way to the node's own, which takes the type it expected
      const own = found[i] as FindingOf<'wrong_type'>;
      found[i] = { ...own, params: { ...own.params, expected: (f as FindingOf<'wrong_type'>).params.expected } };
    }
  }
  // more nodes than any JSON text within the package's limits holds: never valid
  if (costly && !found.includes(tooCostly)) found.unshift(tooCostly);
  return { found, stopped: some.stopped || costly, ordered: false };
}

/** The finding of a node that is no JSON value. */
function notJsonFinding({ path, found, actual }: NotJson): Finding {
  return { rule: 'R-field', code: 'wrong_type', path, params: { expected: 'json', actual, found } };
}

/** What the checks see in place of a node that is no JSON value: no object, array or string, so none reads into it. */
const notJson: unique symbol = /* @__PURE__ */ Symbol('not JSON');

/**
 * `input` with each node at the path of one of `nodes` replaced by {@link notJson}: the objects and
 * arrays on the way copied (each once), the input left untouched.
 */
function opaqueAt(input: unknown, nodes: readonly NotJson[]): unknown {
  if (nodes.some(({ path }) => path === '')) return notJson;
  const copies = new Map<unknown, Record<string | number, unknown>>();
  const copyOf = (node: unknown) => {
    let copy = copies.get(node);
    if (copy) return copy;
    if (Array.isArray(node)) copy = Array.prototype.slice.call(node) as never;
    else {
      copy = {};
      for (const key of Object.keys(node as object)) put(copy, key, (node as Record<string, unknown>)[key]);
    }
    copies.set(node, copy as Record<string | number, unknown>);
    return copy as Record<string | number, unknown>;
  };
  const root = copyOf(input);
  for (const { path } of nodes) {
    const keys = pointerKeys(path);
    let node = root;
    for (let i = 0; i < keys.length - 1; i++) {
      const child = copyOf(node[keys[i]]);
      put(node, keys[i], child);
      node = child;
    }
    put(node, keys[keys.length - 1], notJson);
  }
  return root;
}

/** Sets the own property `key` of `node`, one named `__proto__` too. */
function put(node: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

/** What a validation runs on an input: the faults its checks find, until `stop` of them are found. */
export type Checked = (input: unknown, work: Work, stop: number) => Faults;

/** {@link checkedFaults} of `checks`. */
export const checkedBy =
  (checks: readonly Check[]): Checked =>
  (input, work, stop) =>
    checkedFaults(checks, input, work, stop);

const allRules: ReadonlySet<string> = /* @__PURE__ */ new Set(orderRuleIds);
const fieldRule: ReadonlySet<string> = /* @__PURE__ */ new Set(['R-field']);

/**
 * The faults of an order's rules, all of them in the generated walk: {@link checkedFaults} of the
 * rules, without the code that runs other checks, which a bundle of `validateProductOrder` leaves out.
 */
export const orderFaults: Checked = (input, work, stop) =>
  walkedFaults(isRecord(input) ? allRules : fieldRule, input, work, stop);

/**
 * The faults every check finds, until `stop` of them are found: the rules of the generated walk in one
 * pass, in path order, then each other check (an in-flight table, a caller's rule) on its own.
 */
function checkedFaults(checks: readonly Check[], input: unknown, work: Work, stop: number): Faults {
  // the first check also judges an input that is no object; the others need an object
  const run = isRecord(input) ? checks : checks.slice(0, 1);
  const on = new Set<string>();
  const others: Check[] = [];
  for (const check of run) {
    const id = walkedId(check);
    if (id === undefined) others.push(check);
    else on.add(id);
  }
  let found: Finding[] = [];
  if (on.size > 0) {
    const walked = walkedFaults(on, input, work, stop);
    // out of reads, or an input that cannot be read: no other check runs
    if (walked.stopped || others.length === 0 || walked.found[0] === unreadable[0]) return walked;
    found = walked.found;
  }
  const rest = eachFaults(others, input, work, stop - found.length);
  if (rest.found.length === 0) return { found, stopped: rest.stopped, ordered: true };
  return { found: found.concat(rest.found), stopped: rest.stopped, ordered: false };
}

/** The faults the rules `on` of the generated walk find in one pass, in path order, until `stop` of them are found. */
function walkedFaults(on: ReadonlySet<string>, input: unknown, work: Work, stop: number): Faults {
  work.left = stop;
  let walked: { found: Finding[]; stopped: boolean };
  try {
    walked = walkFindings(input, on, stop, work);
  } catch {
    // a throwing getter or Proxy trap of the input
    return { found: unreadable.slice(), stopped: false, ordered: true };
  }
  const { found, stopped } = walked;
  // out of reads, never valid: too_costly is listed first, whatever else was found
  if (stopped && work.costly) found.unshift(tooCostly);
  return { found, stopped, ordered: true };
}

/** The faults each of `checks` finds on its own, until `stop` of them are found. */
function eachFaults(
  checks: readonly Check[],
  input: unknown,
  work: Work,
  stop: number,
): { found: Finding[]; stopped: boolean } {
  const found: Finding[] = [];
  try {
    for (let r = 0; r < checks.length; r++) {
      work.left = stop - found.length;
      let some: readonly Finding[];
      try {
        some = (checks[r] as Budgeted).check(input, work);
      } catch (error) {
        if (error === work) {
          for (let i = 0; i < work.cut.length && found.length < stop; i++) found.push(work.cut[i]);
          // out of reads, never valid: too_costly is listed first, whatever else was found
          if (work.costly) found.unshift(tooCostly);
          return { found, stopped: true };
        }
        // this package's rules throw only on input they cannot read: a throwing getter or Proxy trap,
        // or a structure too deep to walk; a caller's rule is guarded and throws nothing else
        return { found: unreadable.slice(), stopped: false };
      }
      if (some.length === 0) continue;
      for (let i = 0; i < some.length; i++) found.push(some[i]);
      if (found.length >= stop) {
        found.length = stop;
        return { found, stopped: true };
      }
    }
    return { found, stopped: false };
  } catch {
    // a rule whose id or findings cannot even be read
    return { found: unreadable.slice(), stopped: false };
  }
}

/**
 * The key under which a `rule_failed` finding's params hold what the rule threw, not enumerable (no
 * copy nor JSON carries it): the routes tell it to `onError` and answer the client without its text.
 */
const thrownKey: unique symbol = Symbol.for('product-order-validator.thrown');

/** The `rule_failed` finding of the rule `id`, which threw `error`. */
export function failed(id: string, error: unknown): Finding {
  const params = { error: errorText(error).slice(0, 200) };
  Object.defineProperty(params, thrownKey, { value: error });
  return { rule: id as RuleId, code: 'rule_failed', path: '', params };
}

/** What an error says, its name and message; never throws. */
export function errorText(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'unknown error';
  }
}

/**
 * Findings ordered by path: token by token, array indices as numbers ({@link comparePaths}); stable
 * for equal paths. Each rule reports in the order it walks, so the list is a few runs already in
 * order: they are found in one pass and merged, left run first on equal paths, with no sort.
 */
export function byPath(found: readonly Finding[]): Finding[] {
  const n = found.length;
  let runs = [0];
  for (let i = 1; i < n; i++) if (comparePaths(found[i - 1].path, found[i].path) > 0) runs.push(i);
  if (runs.length === 1) return found.slice();
  runs.push(n);
  let from = found.slice();
  let to = new Array<Finding>(n);
  while (runs.length > 2) {
    const merged = [0];
    let r = 0;
    for (; r + 2 < runs.length; r += 2) {
      merge(from, to, runs[r], runs[r + 1], runs[r + 2]);
      merged.push(runs[r + 2]);
    }
    if (r + 1 < runs.length && merged[merged.length - 1] !== n) {
      for (let i = runs[r]; i < n; i++) to[i] = from[i];
      merged.push(n);
    }
    [from, to] = [to, from];
    runs = merged;
  }
  return from;
}

/** The runs `from[lo..mid)` and `from[mid..hi)`, each in order, merged into `to[lo..hi)`; the left first on equal paths. */
function merge(from: readonly Finding[], to: Finding[], lo: number, mid: number, hi: number): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) to[k++] = comparePaths(from[j].path, from[i].path) < 0 ? from[j++] : from[i++];
  while (i < mid) to[k++] = from[i++];
  while (j < hi) to[k++] = from[j++];
}
