// Where the nodes that JSON Pointers name stand in well-formed JSON text: one pass over the text that
// enters only the containers on some pointer's path and skips every other value, iteratively (no
// recursion, whatever the depth), so that finding the places of a few faults costs one scan at most.

import { decodeToken } from '../pointer.js';

/**
 * Where a node stands in JSON text: the 1-based line and column of its first character, and of the
 * character just after its last (an end that excludes, as in SARIF and LSP). Lines end at a line
 * feed (a CR LF pair is one break); columns count UTF-16 code units, as JavaScript strings do.
 */
export interface Position {
  /** The line of the node's first character, from 1. */
  readonly line: number;
  /** The column of the node's first character, from 1. */
  readonly column: number;
  /** The line of the character just after the node. */
  readonly endLine: number;
  /** The column of the character just after the node. */
  readonly endColumn: number;
}

/** A node to find: a JSON Pointer, and whether the property name it ends with is meant rather than its value. */
export interface Target {
  readonly pointer: string;
  readonly name: boolean;
}

/** The text between two offsets: from the first character to the one after the last. */
export type Span = readonly [start: number, end: number];

interface Trie {
  /** The names below, each with its node: searched in turn while they are few. */
  readonly names: string[];
  readonly children: Trie[];
  /** The same children by name, made once they are more than {@link few}: a lookup costs the same however many. */
  index: Map<string, Trie> | undefined;
  seen: boolean;
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  /** The targets whose pointer ends at this node. */
  ends: number;
  /** The targets whose pointer ends at this node or below it. */
  below: number;
}

/** Up to this many children a node's names are searched in turn (a Map costs more to make than to search). */
const few = 8;

const trie = (): Trie => ({
  names: [],
  children: [],
  index: undefined,
  seen: false,
  start: -1,
  end: -1,
  nameStart: -1,
  nameEnd: -1,
  ends: 0,
  below: 0,
});

/** The child of `node` of that name, if any. */
function child(node: Trie, name: string): Trie | undefined {
  if (node.names.length <= few) {
    const at = node.names.indexOf(name);
    return at < 0 ? undefined : node.children[at];
  }
  return indexOf(node).get(name);
}

/** The children of `node` by name, made when first asked for. */
function indexOf(node: Trie): Map<string, Trie> {
  if (!node.index) {
    node.index = new Map();
    for (let k = 0; k < node.names.length; k++) node.index.set(node.names[k], node.children[k]);
  }
  return node.index;
}

/** Adds a child of that name to `node`. */
function adopt(node: Trie, name: string): Trie {
  const next = trie();
  node.names.push(name);
  node.children.push(next);
  node.index?.set(name, next);
  return next;
}

/**
 * The span of each target in the JSON value that starts at offset `from` of `text` (after any white
 * space): the node the pointer names, or its property name; where the text has no such node, the
 * deepest node on the pointer's path that it has (for a missing property, the object that lacks it).
 * The text must be well-formed JSON from `from` on; where names repeat, the last counts, as in JSON.parse.
 * `unique` says that no object of the value repeats a name (the repeated-name scan found none): then
 * the walk stops as soon as every target's span is known, instead of at the value's end.
 */
export function spans(text: string, from: number, targets: readonly Target[], unique = false): Span[] {
  // plain loops over arrays built by push, not map with a destructured callback: on the bench's
  // stream the map's arrays and elements took several maps, and each new one threw the optimised
  // code away (docs/decisions/0328-the-locator-keeps-its-optimised-code.md)
  const root = trie();
  const paths: Trie[][] = [];
  for (let k = 0; k < targets.length; k++) {
    const { pointer } = targets[k];
    const path: Trie[] = [root];
    root.below++;
    let node = root;
    if (pointer !== '')
      for (const token of pointer.slice(1).split('/')) {
        const key = decodeToken(token);
        node = child(node, key) ?? adopt(node, key);
        node.below++;
        path.push(node);
      }
    node.ends++;
    paths.push(path);
  }
  walk(text, from, root, unique);
  const found: Span[] = [];
  for (let k = 0; k < targets.length; k++) {
    const path = paths[k];
    let deepest = 0;
    while (deepest + 1 < path.length && path[deepest + 1].start >= 0) deepest++;
    const node = path[deepest];
    found.push(
      targets[k].name && deepest === path.length - 1 && node.nameStart >= 0
        ? [node.nameStart, node.nameEnd]
        : [node.start, node.end],
    );
  }
  return found;
}

/**
 * Marks, on the trie, where each of its nodes stands in the value at `from`. With `unique` (no name
 * repeats, so no later member can replace what was found), it stops once every target is placed: its
 * node has ended, or a container on its path has closed without the next node on the path.
 */
function walk(text: string, from: number, root: Trie, unique: boolean): void {
  const open: { readonly node: Trie; readonly object: boolean; index: number }[] = [];
  // the targets not yet placed; never 0 without `unique`, so the walk then goes to the value's end
  let unplaced = unique ? root.below : -1;
  let node: Trie | undefined = root;
  let i = skipSpace(text, from);
  for (;;) {
    // a value starts at i; `node` is its place on the trie, when a target lies in it
    const c = text.charCodeAt(i);
    if (node) node.start = i;
    if (node && node.children.length > 0 && (c === 123 /* { */ || c === 91) /* [ */) {
      open.push({ node, object: c === 123, index: 0 });
      i++;
    } else {
      i = valueEnd(text, i);
      if (node) {
        node.end = i;
        unplaced -= node.below; // the nodes below it, if any, are not in the text
        if (unplaced === 0) return;
      }
    }
    // on to the next value to look at, closing the containers that end on the way
    node = undefined;
    for (;;) {
      const top = open[open.length - 1];
      if (!top) return;
      i = skipSpace(text, i);
      if (text.charCodeAt(i) === 44 /* , */) i = skipSpace(text, i + 1);
      const c = text.charCodeAt(i);
      if (c === 125 /* } */ || c === 93 /* ] */ || i >= text.length) {
        top.node.end = i + 1;
        open.pop();
        i++;
        if (unique) {
          // its own targets, and those of the children it did not hold, are placed now
          unplaced -= top.node.ends;
          for (const kid of top.node.children) if (!kid.seen) unplaced -= kid.below;
          if (unplaced === 0) return;
        }
        continue;
      }
      if (top.object) {
        const end = stringEnd(text, i);
        node = childNamed(top.node, text, i, end);
        if (node) {
          if (node.seen) forget(node); // a name repeated: the later value replaces the earlier
          node.seen = true;
          node.nameStart = i;
          node.nameEnd = end;
        }
        i = skipSpace(text, skipSpace(text, end) + 1); // past the colon
      } else {
        node = child(top.node, String(top.index++));
        if (node) node.seen = true;
      }
      break;
    }
  }
}

/** Clears what was marked of a node and of the nodes below it. */
function forget(node: Trie): void {
  const stack = [node];
  for (let n = stack.pop(); n; n = stack.pop()) {
    n.seen = false;
    n.start = n.end = n.nameStart = n.nameEnd = -1;
    for (const c of n.children) stack.push(c);
  }
}

/**
 * The child of `node` named by the JSON string from `start` to `end` (its quotes included): while
 * the node has few children, compared in place, without a copy of the name, unless the name holds
 * an escape; past that, looked up by the name.
 */
function childNamed(node: Trie, text: string, start: number, end: number): Trie | undefined {
  // only within the name: a search of the text past it would cost its length for every name
  let escaped = false;
  for (let i = start + 1; i < end - 1 && !escaped; i++) escaped = text.charCodeAt(i) === 92;
  if (escaped) return child(node, JSON.parse(text.slice(start, end)) as string);
  if (node.names.length > few) return indexOf(node).get(text.slice(start + 1, end - 1));
  const length = end - start - 2;
  for (let k = 0; k < node.names.length; k++) {
    const name = node.names[k];
    if (name.length === length && text.startsWith(name, start + 1)) return node.children[k];
  }
  return undefined;
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

/** The offset after the JSON string that starts at `i` (its opening quote), escaped quotes passed over. */
export function stringEnd(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === 92 /* \ */) backslash--;
    if ((quote - 1 - backslash) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the value that starts at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34 /* " */) return stringEnd(text, i);
  if (c !== 123 && c !== 91) {
    // a number, true, false or null: up to the next delimiter
    for (; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) return i;
    }
    return i;
  }
  let depth = 0;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === 34) {
      i = stringEnd(text, i);
      continue;
    }
    if (d === 123 || d === 91) depth++;
    else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
    i++;
  }
  return i;
}

/** The offsets where the items of the JSON array at `from` start (after white space); none when no array is there. */
export function itemStarts(text: string, from: number): number[] {
  const starts: number[] = [];
  let i = skipSpace(text, from);
  if (text.charCodeAt(i) !== 91 /* [ */) return starts;
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== 93 /* ] */) {
    starts.push(i);
    i = skipSpace(text, valueEnd(text, i));
    if (text.charCodeAt(i) === 44 /* , */) i = skipSpace(text, i + 1);
  }
  return starts;
}

/** Lines and columns of offsets in a text; the line starts are found once, when first asked for. */
export class Lines {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  /** The position of a span. */
  position([start, end]: Span): Position {
    const [line, column] = this.at(start);
    const [endLine, endColumn] = this.at(end);
    return { line, column, endLine, endColumn };
  }

  /** The 1-based line and column of an offset. */
  at(offset: number): [line: number, column: number] {
    if (!this.starts) {
      const starts = [0];
      for (let nl = this.text.indexOf('\n'); nl >= 0; nl = this.text.indexOf('\n', nl + 1)) starts.push(nl + 1);
      this.starts = starts;
    }
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return [low + 1, offset - starts[low] + 1];
  }
}
