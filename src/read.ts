// Reading untrusted input (own properties only, no assumption about shape) and collecting findings;
// shared by the generated table checks and the hand-written rules.
import { nearest } from './near.js';
import { encodeToken, valueAt } from './pointer.js';
import { codePointLength, isDateTime } from './schema-runtime.js';
import type { Fault, Finding, FindingOf, ParamsByCode, RuleId, ViolationCode } from './violation.js';

export type Data = Readonly<Record<string, unknown>>;

/** The result of a rule that holds; shared, so the valid path allocates nothing. */
export const none: readonly Finding[] = /* @__PURE__ */ Object.freeze([]);

export function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `value` if it is the own property `key` of `data`, else undefined: inherited properties count as
 * absent, and so does `undefined`, which is no JSON value. Callers pass `data[key]` read in place,
 * where the engine keeps the read fast; one shared read of every key would not be.
 */
export function own(data: Data, key: string, value: unknown): unknown {
  return value !== undefined && hasOwn.call(data, key) ? value : undefined;
}

/** The JSON type name of a value, for `expected` / `actual` params. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The most nodes (array elements and object properties) a JSON text the package reads can hold: two
 * bytes each at least (`0,`), in the 536,870,888 bytes of the command's longest document.
 */
export const maxNodes = 2 ** 28;

/**
 * The most reads of the input one validation makes: every array element a walk loops over and every
 * key it does not know counts one. The one walk of an order reads each node once, and an in-flight
 * change, its own table then the walk, twice; so no JSON text within the package's limits ever needs
 * more (docs/decisions/0062-the-budget-counts-reads-of-the-input-not-findings.md). Past it, the validation stops as `too_costly`.
 */
export const maxReads = 2 * maxNodes;

/**
 * The budget of one validation, made by the validator and handed to each check it runs, never held in
 * a module: how many more findings it may collect, and what the check that reached the limit had found
 * by then; how many more reads of the input it may make, and whether it stopped for want of them; the
 * hints of the validation, with how many more it keeps. Once a budget is spent the check stops: the
 * Work itself is thrown, and only the validation that made it catches it.
 */
export class Work {
  costly = false;
  cut: readonly Finding[] = none;
  hints: Finding[] | undefined = undefined;
  /**
   * How many more known names the near-miss search may compare a name with: once they are spent, no
   * more is looked for, so that a body of names that are no near miss costs what its reading costs.
   */
  nearLeft = nearBudget;
  /** Per list of known names, what each name looked up was found near ('' for none): each is looked up once. */
  nearFound: Map<readonly string[], Map<string, string>> | undefined = undefined;

  constructor(
    public left = Number.POSITIVE_INFINITY,
    public reads = Number.POSITIVE_INFINITY,
    public hintsLeft = 0,
  ) {}
}

/**
 * The known names one validation's near-miss search compares with at most: 2,048 names looked up in
 * the longest list (the order's 21 properties), far more than a person's slips, and work a small share
 * of a valid body's.
 */
export const nearBudget = 2048 * 21;

/** Per list of names, the string a hint check last found near none of them. */
const missed: WeakMap<readonly string[], string> = /* @__PURE__ */ new WeakMap();

/**
 * The one of `known` that `found` is a near miss of, or `''` when it is near none; undefined when the
 * validation of `work` takes no more hints or has spent its search's budget, and nothing was looked
 * for. Each string is looked up once per list and validation.
 */
export function nearIn(work: Work, found: string, known: readonly string[]): string | undefined {
  if (work.hintsLeft <= 0 || work.nearLeft < known.length) return undefined;
  work.nearFound ??= new Map();
  const seen = work.nearFound.get(known);
  const before = seen?.get(found);
  if (before !== undefined) return before;
  work.nearLeft -= known.length;
  const suggestion = nearest(found, known) ?? '';
  if (seen) seen.set(found, suggestion);
  else work.nearFound.set(known, new Map([[found, suggestion]]));
  return suggestion;
}

/**
 * The one of `known` that `found`, a name or value the schema does not know, is a near miss of, when
 * the validation of `work` takes a hint. The string last found near none of a list is not looked at
 * again, since the same unknown name comes back in every item.
 */
export function strayNear(work: Work, found: string, known: readonly string[]): string | undefined {
  if (work.hintsLeft <= 0 || work.nearLeft < known.length || missed.get(known) === found) return undefined;
  const suggestion = nearIn(work, found, known);
  if (suggestion !== '') return suggestion;
  missed.set(known, found);
  return undefined;
}

/** Collects the findings of one rule; allocates only once something is found. */
export class Findings {
  private list: Finding[] | undefined;
  /** The findings of `rule`, within `work`, the budget of the validation under way (none outside one). */
  constructor(
    private readonly rule: RuleId,
    private readonly work: Work = new Work(),
  ) {}

  add<C extends ViolationCode>(code: C, path: string, params: ParamsByCode[C]): void {
    this.list ??= [];
    // a code and its params, as the signature pairs them
    this.list.push({ rule: this.rule, code, path, params } as FindingOf<C> as Finding);
    if (--this.work.left <= 0) {
      this.work.cut = this.list;
      throw this.work;
    }
  }

  /**
   * How many elements of the array `list` a loop reads: its length, read once, so that neither a
   * Proxy nor a getter that grows the array makes the loop longer; charged to the reads of the
   * validation, which stops as too costly once they are spent.
   */
  visit(list: readonly unknown[]): number {
    const n = lengthOf(list);
    this.spend(n);
    return n;
  }

  /** Takes `n` reads from the validation's budget; once they are spent, stops it as too costly. */
  spend(n: number): void {
    const { work } = this;
    work.reads -= n;
    if (work.reads < 0) {
      work.costly = true;
      work.cut = this.list ?? none;
      throw work;
    }
  }

  /** A required property: reported at the parent, naming the missing child. */
  missing(path: string, property: string): void {
    this.add('required', path, { property });
  }

  wrongType(path: string, expected: string, value: unknown): void {
    this.add('wrong_type', path, { expected, actual: jsonType(value) });
  }

  /** A string that is no date-time as the schema demands, with what it lacks. */
  dateTime(path: string, value: string): void {
    this.add('invalid_date_time', path, { format: 'date-time', ...dateTimeFault(value) });
  }

  /** A value not among `allowed`: the violation of `code`, and a hint when it is a near miss of one of them. */
  outside(
    code: 'not_allowed' | 'unknown_type' | 'unknown_role',
    path: string,
    value: unknown,
    allowed: readonly string[],
  ): void {
    this.add(code, path, { allowed });
    if (typeof value === 'string') this.near(path, value, allowed);
  }

  /**
   * A name or value the schema does not know: a `did_you_mean` hint of the validation under way when
   * it is a near miss of one of `known`. Hints take no part in the verdict, nor in the work budget;
   * once the validation has as many as it lists, the rest are not looked for.
   */
  near(path: string, found: string, known: readonly string[]): void {
    const suggestion = this.nearOf(found, known);
    if (suggestion) this.hint(path, found, suggestion);
  }

  /**
   * The one of `known` that `found` is a near miss of, or `''` when it is near none; undefined when
   * the validation under way takes no more hints or has spent its search's budget, and nothing was
   * looked for.
   */
  nearOf(found: string, known: readonly string[]): string | undefined {
    return nearIn(this.work, found, known);
  }

  /**
   * A name or value the schema does not know, at `path`: a hint when it is a near miss of one of
   * `known`. The string last found near none of a list is not looked at again, since the same unknown
   * name comes back in every item.
   */
  stray(path: string, found: string, known: readonly string[]): void {
    const suggestion = strayNear(this.work, found, known);
    if (suggestion !== undefined) this.hint(path, found, suggestion);
  }

  /** {@link stray} for the key `found` of the object at `parent`: its path is made only for a hint. */
  strayKey(parent: string, found: string, known: readonly string[]): void {
    const suggestion = strayNear(this.work, found, known);
    if (suggestion !== undefined) this.hint(`${parent}/${encodeToken(found)}`, found, suggestion);
  }

  /** The hint that `found`, at `path`, is a near miss of `suggestion`. */
  hint(path: string, found: string, suggestion: string): void {
    const { work } = this;
    work.hintsLeft--;
    work.hints ??= [];
    work.hints.push({ rule: this.rule, code: 'did_you_mean', path, params: { found, suggestion } });
  }

  /**
   * A count outside `min..max`, as too_few_items or too_many_items, with what a form focuses: the
   * control that adds a row for too few, the first surplus row's key field for too many.
   */
  count(path: string, actual: number, min: number, max: number): void {
    if (actual < min) this.add('too_few_items', path, withFocus({ limit: min, actual }, path));
    else if (actual > max) this.add('too_many_items', path, withFocus({ limit: max, actual }, path, max));
  }

  done(): readonly Finding[] {
    return this.list ?? none;
  }
}

const empty: readonly unknown[] = /* @__PURE__ */ Object.freeze([]);

/** The length of the array `list` as a loop takes it: read once; 0 when it is no number above 0 (a Proxy's). */
export function lengthOf(list: readonly unknown[]): number {
  const n = list.length;
  return typeof n === 'number' && n > 0 ? n : 0;
}

/**
 * The array `list` as the compiled tables read its first `n` elements: itself when its prototype is
 * Array.prototype, whose holes read undefined; else its own elements in a fresh array, so that a
 * hole never reads through a prototype of the input's (a JSON array has no holes). The caller
 * charges `n` before.
 */
export function elementsOf(list: readonly unknown[], n: number): readonly unknown[] {
  if (Object.getPrototypeOf(list) === Array.prototype) return list;
  const own: unknown[] = [];
  for (let i = 0; i < n; i++) if (hasOwn.call(list, i)) own[i] = list[i];
  return own;
}

/** `value`, read as `data[key]`, when it is an own array, else an empty list. */
export function list(data: Data, key: string, value: unknown): readonly unknown[] {
  return Array.isArray(value) && hasOwn.call(data, key) ? value : empty;
}

/**
 * What a date-time that is none lacks, so the message can say so: a day of a month 01 to 12 that the
 * calendar does not have (`2025-04-31`, with the day as `date`), else a part missing, named only
 * when adding it makes the value a date-time (`2025-02-17T25:00` lacks no seconds: it is `invalid`).
 */
export function dateTimeFault(value: string): Pick<ParamsByCode['invalid_date_time'], 'reason' | 'date'> {
  const date = /^\d{4}-(?:0[1-9]|1[0-2])-[0-3]\d/.exec(value)?.[0];
  return date && !isDateTime(`${date}T00:00:00Z`) ? { reason: 'no_such_date', date } : { reason: lacks(value) };
}

/** What a date-time lacks: its time, seconds or offset, or `invalid` when adding it gives no date-time. */
function lacks(value: string): ParamsByCode['invalid_date_time']['reason'] {
  let reason: ParamsByCode['invalid_date_time']['reason'];
  let completed: string;
  if (/^\d{4}-\d\d-\d\d$/.test(value)) {
    reason = 'missing_time';
    completed = `${value}T00:00:00Z`;
  } else if (/^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d(?:[Zz]|[+-]\d\d:\d\d)?$/.test(value)) {
    reason = 'missing_seconds';
    completed = `${value.slice(0, 16)}:00${value.slice(16) || 'Z'}`;
  } else if (/^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d+)?$/.test(value)) {
    reason = 'missing_offset';
    completed = `${value}Z`;
  } else return 'invalid';
  return isDateTime(completed) ? reason : 'invalid';
}

/** The fault of a value that must be a string of `min` to `max` code points, or undefined. */
export function textFault(value: unknown, min: number, max: number): Fault | undefined {
  if (typeof value !== 'string') return ['wrong_type', { expected: 'string', actual: jsonType(value) }];
  if (value.length < 2 * min && codePointLength(value) < min) return ['too_short', { limit: min }];
  // a code point is one or two units: past 2 × max units the count is no question
  if (value.length > max && (value.length > 2 * max || codePointLength(value) > max))
    return ['too_long', { limit: max }];
  return undefined;
}

/**
 * The field of a list's row a form puts a row in, by the list's name: what the row is (a role, a
 * kind of contact, a characteristic's name) or what identifies it. A list not named here has no
 * field to focus.
 */
const rowKeys: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  productOrderItem: 'action',
  contactMedium: '@type',
  relatedPlace: 'role',
  geographicSiteCharacteristic: 'name',
  place: 'id',
  externalId: 'id',
  productOfferingQualification: 'id',
});

/**
 * The JSON Pointer of what a form should focus for a finding on the list at `listPath`: the key field
 * of its row `index` (`…/relatedPlace/1/role`), the row at fault; without `index`, the control that
 * adds a row (`…/relatedPlace/-`, RFC 6901's "-", the row after the last), for a row that is
 * missing. Undefined for a list whose rows have no key field (a query parameter's values).
 */
export function focusOf(listPath: string, index?: number): string | undefined {
  const name = listPath.slice(listPath.lastIndexOf('/') + 1);
  if (!hasOwn.call(rowKeys, name)) return undefined;
  return index === undefined ? `${listPath}/-` : `${listPath}/${index}/${rowKeys[name]}`;
}

/** `params` with the {@link focusOf} of the list at `listPath`, where its rows have a key field. */
export function withFocus<P extends object>(params: P, listPath: string, index?: number): P & { focus?: string } {
  const focus = focusOf(listPath, index);
  return focus === undefined ? params : Object.assign(params, { focus });
}

/** A node of the input that is no JSON value: where it is, and what it is (`Date`, `NaN`, `cycle`, ...). */
export interface NotJson {
  /** Its JSON Pointer. */
  readonly path: string;
  /** What was found there: a class (`Date`, `String`, `Map`), `BigInt`, `function`, `symbol`, `undefined`, `NaN`, ... */
  readonly found: string;
  /** Its JavaScript type as {@link jsonType} names it. */
  readonly actual: string;
}

/**
 * The deepest a container may stand: JSON.stringify gives up some thousand levels down, as the stack
 * runs out, and no order needs a tenth of this.
 */
const maxJsonDepth = 1000;

/**
 * Containers less deep than this (an order's own structure) look for themselves among their ancestors,
 * the first 2^20 of them. The others are taken for a tree, which JSON is, as long as none of one in
 * {@link sampled} of them is met again and none is deeper than JSON.stringify goes; else the walk
 * starts again and looks each up in a map of those met, so that a cycle is found and shared
 * references cost their objects, not their paths.
 */
const shallow = 10;

/**
 * One container in this many below {@link shallow} levels is remembered: a container met again is
 * found once its walk meets one of them, within about this many containers.
 */
const sampled = 64;

/** One walk of {@link notJsonNodes}: what it found, the keys of the path it is on, and its budget. */
class JsonWalk {
  found: NotJson[] | undefined;
  /** The keys of the path under way, kept only by the walk that lists what it finds. */
  readonly keys: (string | number)[] | undefined;
  readonly ancestors: object[] = [];
  met: Map<object, boolean> | undefined;
  untracked = 2 ** 20;
  /** The containers below {@link shallow} levels remembered, one in {@link sampled}, and how many were met. */
  readonly sample = new Set<object>();
  deep = 0;
  /** Each container, each element and each property counts one: twice the nodes of the longest JSON text. */
  left = 2 * maxNodes;
  /** Whether Object.prototype has enumerable properties, which a for-in loop yields beside an object's own. */
  readonly inherits = inheritsEnumerable();
  /**
   * A walk that stops at the first node that is no JSON value (`stop` 0), or lists up to `stop` of
   * them with their paths; that keeps each container it met (`shared`) or a sample of them.
   */
  constructor(
    readonly stop: number,
    readonly shared: boolean,
  ) {
    this.keys = stop > 0 ? [] : undefined;
  }

  /** The node at `depth` of the path under way is `found`; past `stop` of them, the walk stops. */
  fault(depth: number, found: string, value: unknown): undefined {
    const { keys } = this;
    if (keys === undefined) throw this;
    let path = '';
    for (let d = 1; d <= depth; d++) {
      const key = keys[d];
      path += `/${typeof key === 'number' ? key : encodeToken(key)}`;
    }
    this.found ??= [];
    this.found.push({ path, found, actual: jsonType(value) });
    if (this.found.length >= this.stop) throw this;
  }
}

const noNodes: readonly NotJson[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The nodes of `input` that JSON.stringify would not send as they are, at most `stop`: a value of a
 * class (Date, a boxed String, Map, a typed array, any instance whose prototype is not Object's,
 * null or Array's), an object with a `toJSON`, a BigInt, a function or symbol, NaN and ±Infinity,
 * `undefined` or a hole in an array, a reference back to an ancestor (a cycle), and a container
 * more than 1,000 levels deep. None is looked
 * into. `undefined` as an object's property is absent, as JSON.stringify leaves it out. A container
 * met again is walked once (but for a few levels from the top: the ancestors of each are fewer than
 * the entries of a map); past twice {@link maxNodes} reads, `costly`.
 */
export function notJsonNodes(input: unknown, stop: number): { nodes: readonly NotJson[]; costly: boolean } {
  // the walk that keeps no path is the faster by far: the one that does runs only when there is something to list
  const first = walked(0, input);
  if (first.costly || first.walk.found === undefined) return { nodes: noNodes, costly: first.costly };
  const { walk, costly } = walked(stop, input);
  return { nodes: walk.found ?? noNodes, costly };
}

/** A walk through `input`, until its end, the most it may find (`stop`), or its budget. */
function walked(stop: number, input: unknown): { walk: JsonWalk; costly: boolean } {
  let walk = new JsonWalk(stop, false);
  for (;;)
    try {
      visit(walk, input, 0);
      return { walk, costly: false };
    } catch (error) {
      if (error === tooManyNodes) return { walk, costly: true };
      if (error === sharedReferences && !walk.shared) {
        walk = new JsonWalk(stop, true);
        continue;
      }
      if (error !== walk) throw error;
      walk.found ??= [];
      return { walk, costly: false };
    }
}

const tooManyNodes = /* @__PURE__ */ Symbol('too many nodes');
const sharedReferences = /* @__PURE__ */ Symbol('shared references');

function visit(walk: JsonWalk, value: unknown, depth: number): undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      // NaN and ±Infinity: JSON.stringify writes null
      if (value - value !== 0) walk.fault(depth, String(value), value);
      return;
    case 'object':
      if (value === null) return;
      break;
    case 'bigint':
      return walk.fault(depth, 'BigInt', value);
    default:
      return walk.fault(depth, typeof value, value);
  }
  if (--walk.left < 0) throw tooManyNodes;
  if (depth > maxJsonDepth) {
    // a cycle, or nesting JSON.stringify cannot follow: told apart by the walk that keeps what it met
    if (!walk.shared) throw sharedReferences;
    return walk.fault(depth, 'too deep', value);
  }
  const proto = Object.getPrototypeOf(value);
  const array = Array.isArray(value);
  if (proto !== (array ? Array.prototype : Object.prototype) && (array || proto !== null))
    return walk.fault(depth, classOf(proto), value);
  const { ancestors } = walk;
  let met: Map<object, boolean> | undefined;
  if (depth < shallow && walk.untracked-- > 0) {
    for (let d = 0; d < depth; d++) if (ancestors[d] === value) return walk.fault(depth, 'cycle', value);
    ancestors[depth] = value;
  } else if (walk.shared) {
    met = walk.met ??= new Map();
    const underWay = met.get(value);
    if (underWay !== undefined) return underWay ? walk.fault(depth, 'cycle', value) : undefined;
    met.set(value, true);
  } else {
    const { sample } = walk;
    if (sample.has(value)) throw sharedReferences;
    if (++walk.deep % sampled === 0) sample.add(value);
  }
  const { keys } = walk;
  if (array) {
    const n = lengthOf(value as unknown[]);
    walk.left -= n;
    if (walk.left < 0) throw tooManyNodes;
    for (let i = 0; i < n; i++) {
      if (keys) keys[depth + 1] = i;
      const item = (value as unknown[])[i];
      if (item !== undefined) visit(walk, item, depth + 1);
      else walk.fault(depth + 1, i in value ? 'undefined' : 'hole', item);
    }
  } else {
    const before = walk.found?.length ?? 0;
    for (const key in value) {
      const item = (value as Data)[key];
      if (--walk.left < 0) throw tooManyNodes;
      // an own check in every turn of the loop would cost more than the rest of the walk
      if (item === undefined || (walk.inherits && !hasOwn.call(value, key))) continue;
      if (key === 'toJSON' && typeof item === 'function') {
        // JSON.stringify sends what toJSON returns, not the object: what was found inside it is void
        if (walk.found) walk.found.length = before;
        met?.set(value, false);
        return walk.fault(depth, 'toJSON', value);
      }
      if (keys) keys[depth + 1] = key;
      visit(walk, item, depth + 1);
    }
  }
  met?.set(value, false);
}

function inheritsEnumerable(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/**
 * The name of the class of `value`, read from its prototype's own `constructor`, never through a
 * getter; `prototype` for an object or array whose prototype is another (of another realm, a Proxy's).
 */
function classOf(proto: object | null): string {
  const made = proto && Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
  const name = typeof made === 'function' && Object.getOwnPropertyDescriptor(made, 'name')?.value;
  return typeof name === 'string' && name !== 'Object' && name !== 'Array' && /^[A-Za-z_$][\w$]{0,39}$/.test(name)
    ? name
    : 'prototype';
}

/**
 * The values JSON.parse gave this package, while it validates them: they are JSON through and
 * through, and {@link notJsonNodes} need not walk them.
 */
export const parsedJson: WeakSet<object> = /* @__PURE__ */ new WeakSet();

/**
 * What `validate` gives on `value`, a value JSON.parse gave this package, held in {@link parsedJson}
 * while it runs (and only then: the caller may change the value afterwards).
 */
export function asParsedJson<R>(value: unknown, validate: () => R): R {
  const held = typeof value === 'object' && value !== null && !parsedJson.has(value);
  if (held) parsedJson.add(value);
  try {
    return validate();
  } finally {
    if (held) parsedJson.delete(value);
  }
}

/**
 * Whether a `required` finding's path is the object that lacks `property` (the package's own say so),
 * which a form shows at `path/property`; a carrier's rule that gives the missing field's own path
 * instead (its last key `property`, and no object there in `input`) is taken as it is.
 */
export function atParent(keys: readonly (string | number)[], property: string, input: unknown): boolean {
  return keys.at(-1) !== property || isRecord(valueAt(input, keys));
}
