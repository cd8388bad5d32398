// The Idempotency-Key of a create (the IETF httpapi draft "The Idempotency-Key HTTP Header Field"): the
// key read as an RFC 8941 sf-string, the fingerprint of a body, and the store that keeps each key's
// answer for a time, so that a retried create is answered from the first one instead of stored again.
import type { SerializedReply } from './body.js';

/** The longest key taken, in characters: a UUID is 36; 255 is what most services that take the header allow. */
export const maxIdempotencyKeyLength = 255;

/** How long a key's answer is kept by default: 24 hours, longer than any client goes on retrying. */
export const defaultIdempotencyTtlMs = 24 * 60 * 60 * 1000;

/** The bounds of the in-memory store by default: 10,000 keys, 32 MiB of answers. */
export const defaultIdempotencyBounds: {
  /** The most keys kept. */
  readonly maxEntries: number;
  /** The most bytes kept, keys and answers counted as UTF-16. */
  readonly maxBytes: number;
} = {
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
};

/**
 * What was wrong with an `Idempotency-Key`: not an sf-string, an empty one, one over
 * {@link maxIdempotencyKeyLength}, or a list (the header sent more than once, joined by commas).
 */
export type IdempotencyKeyFault = 'syntax' | 'empty' | 'too_long' | 'repeated';

/** The most characters of parameters after the key, which are read and ignored. */
const maxParametersLength = 1024;

/** An `Idempotency-Key` header read: the key (undefined when none was sent), or what is wrong with it. */
export type IdempotencyKeyValue =
  | {
      /** The header is absent or a key. */
      readonly ok: true;
      /** The key, unquoted and unescaped; undefined when no header was sent. */
      readonly key: string | undefined;
    }
  | {
      /** The header is no key. */
      readonly ok: false;
      /** What is wrong with it. */
      readonly fault: IdempotencyKeyFault;
    };

/**
 * Reads the value of an `Idempotency-Key` header, an RFC 8941 item whose value is an sf-string
 * (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`): printable ASCII between double quotes, `\"` and `\\`
 * escaped, spaces around it allowed. Parameters after it (`"order-4711"; v=1`) are read as RFC 8941
 * writes them and ignored: the key is the item's value. A list (`"a", "b"`, which is what a header
 * sent twice arrives as) is the fault `repeated`; anything else is `syntax`. Never throws; its cost is
 * bounded by {@link maxIdempotencyKeyLength}, whatever the length of the value.
 * @example
 * ```ts
 * import { parseIdempotencyKey } from 'product-order-validator/http';
 *
 * parseIdempotencyKey('"order-4711"'); // { ok: true, key: 'order-4711' }
 * parseIdempotencyKey('"order-4711"; v=1'); // { ok: true, key: 'order-4711' }
 * parseIdempotencyKey('order-4711'); // { ok: false, fault: 'syntax' }: not quoted
 * ```
 */
export function parseIdempotencyKey(value: string | undefined | null): IdempotencyKeyValue {
  if (value === undefined || value === null) return { ok: true, key: undefined };
  if (typeof value !== 'string') return { ok: false, fault: 'syntax' };
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === ' ') start++;
  while (end > start && value[end - 1] === ' ') end--;
  // a quote, at most two characters per key character, a quote, the parameters: anything longer is too long or no key
  if (end - start > 2 * maxIdempotencyKeyLength + 2 + maxParametersLength) return { ok: false, fault: 'too_long' };
  const string = sfString(value, start, end);
  if (string === undefined) return { ok: false, fault: 'syntax' };
  let at = string.end;
  // parameters: ";" *SP key [ "=" bare-item ], read and ignored
  while (at < end && value[at] === ';') {
    at++;
    while (at < end && value[at] === ' ') at++;
    const named = match(parameterKey, value, at, end);
    if (named === undefined) return { ok: false, fault: 'syntax' };
    at = named;
    if (value[at] === '=') {
      const item = bareItem(value, at + 1, end);
      if (item === undefined) return { ok: false, fault: 'syntax' };
      at = item;
    }
  }
  if (at < end) {
    while (at < end && (value[at] === ' ' || value[at] === '\t')) at++;
    return { ok: false, fault: value[at] === ',' ? 'repeated' : 'syntax' };
  }
  const key = string.text;
  if (key === '') return { ok: false, fault: 'empty' };
  if (key.length > maxIdempotencyKeyLength) return { ok: false, fault: 'too_long' };
  return { ok: true, key };
}

/** The sf-string at `start`, unescaped, and where it ends; undefined for none before `end`. */
function sfString(value: string, start: number, end: number): { text: string; end: number } | undefined {
  if (value[start] !== '"') return undefined;
  let text = '';
  for (let i = start + 1; i < end; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x22) return { text, end: i + 1 };
    if (code === 0x5c) {
      const next = value[i + 1];
      if ((next !== '"' && next !== '\\') || i + 1 >= end) return undefined;
      text += next;
      i++;
    } else if (code < 0x20 || code > 0x7e) return undefined;
    else text += value[i];
  }
  return undefined;
}

/** RFC 8941's key, and the bare items but the sf-string: integer or decimal, token, byte sequence, boolean. */
const parameterKey = /[a-z*][a-z0-9_.*-]*/y;
const bareItems = [
  /-?[0-9]{1,15}(?:\.[0-9]{1,3})?/y,
  /[A-Za-z*][!#$%&'*+.^_`|~0-9A-Za-z:/-]*/y,
  /:[A-Za-z0-9+/=]*:/y,
  /\?[01]/y,
];

/** Where `pattern` (sticky) ends when it matches at `at` within `end`; undefined when it does not. */
function match(pattern: RegExp, value: string, at: number, end: number): number | undefined {
  pattern.lastIndex = at;
  const found = pattern.exec(value);
  return found === null || pattern.lastIndex > end ? undefined : pattern.lastIndex;
}

/** Where the bare item at `at` ends; undefined when there is none. */
function bareItem(value: string, at: number, end: number): number | undefined {
  if (value[at] === '"') return sfString(value, at, end)?.end;
  for (const pattern of bareItems) {
    const after = match(pattern, value, at, end);
    if (after !== undefined) return after;
  }
  return undefined;
}

/**
 * A key as an `Idempotency-Key` header carries it, an sf-string: `"order-4711"`; undefined for a key
 * that none can carry (empty, longer than {@link maxIdempotencyKeyLength}, or not printable ASCII).
 */
export function idempotencyKeyHeader(key: string): string | undefined {
  if (typeof key !== 'string' || key === '' || key.length > maxIdempotencyKeyLength || !/^[\x20-\x7e]+$/.test(key))
    return undefined;
  return `"${key.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Text of the canonical walk, written once the values pushed after it are: a separator, or the end of `owner`. */
class Text {
  constructor(
    readonly text: string,
    readonly owner?: object,
  ) {}
}

/**
 * JSON of `value` with the keys of each object sorted, the same for any two values that are the same
 * JSON whatever the order of their keys or the spaces of their text. Iterative, so any depth is
 * walked; a cycle is written `null` where it closes. Never throws: a value that cannot be read is `null`.
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const stack: unknown[] = [value];
  const open = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) {
      out += item.text;
      if (item.owner !== undefined) open.delete(item.owner);
      continue;
    }
    const text = scalar(item);
    if (text !== undefined) {
      out += text;
      continue;
    }
    const node = item as object;
    if (open.has(node)) {
      out += 'null';
      continue;
    }
    // read whole before anything is pushed: a getter that throws leaves the walk as it was
    let parts: unknown[];
    try {
      if (Array.isArray(node)) {
        parts = [new Text(']', node)];
        for (let i = node.length - 1; i >= 0; i--) {
          parts.push(node[i]);
          if (i > 0) parts.push(new Text(','));
        }
        parts.push(new Text('['));
      } else {
        const record = node as Record<string, unknown>;
        const keys = Object.keys(record).sort();
        parts = [new Text('}', node)];
        for (let i = keys.length - 1; i >= 0; i--) {
          const name = keys[i] as string;
          parts.push(record[name], new Text(`${i > 0 ? ',' : ''}${JSON.stringify(name)}:`));
        }
        parts.push(new Text('{'));
      }
    } catch {
      out += 'null';
      continue;
    }
    open.add(node);
    for (const part of parts) stack.push(part);
  }
  return out;
}

/** The JSON of a value that is no array or object; `null` for one that is not JSON; undefined for an array or object. */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object' && value !== null) return undefined;
  return 'null';
}

/** The SHA-256 of a text, as 64 hexadecimal digits, by `globalThis.crypto.subtle` (Node 20, browsers, Workers). */
export async function sha256Hex(text: string): Promise<string> {
  // the encoder made here, not when the module loads: importing the package leaves Node's lazy globals alone
  const bytes = new TextEncoder().encode(text);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The fingerprint of a body's value: the SHA-256 of its {@link canonicalJson}, so that the same JSON
 * sent with other spaces or another order of keys, read as text or parsed by an app's own parser
 * first, has the same fingerprint.
 */
export function idempotencyFingerprint(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}

/**
 * What a store keeps of a key: `running` while the first request's callback runs, then `done` with
 * the answer it gave, serialised, to replay.
 */
export type IdempotencyEntry =
  | {
      /** The first request is still being served. */
      readonly state: 'running';
      /** The fingerprint of its body. */
      readonly fingerprint: string;
    }
  | {
      /** The first request was answered. */
      readonly state: 'done';
      /** The fingerprint of its body. */
      readonly fingerprint: string;
      /** Its answer: status, headers and body text, as it is replayed. */
      readonly reply: SerializedReply;
    };

/**
 * Where the routes keep each key's answer: in memory by default ({@link createMemoryIdempotencyStore}),
 * or the app's own (Redis, a database) shared by all its processes. Each method may answer at once
 * or with a Promise; the routes wait for `claim` within `callbackTimeoutMs` (503 past it, 500 for a
 * throw, both told to `onError`, and the callback is not called), and never wait for `settle` nor
 * `release`, whose failures go to `onError`. The keys are SHA-256 digests (64 hexadecimal digits) of
 * the operation, the caller's scope and the `Idempotency-Key`.
 */
export interface IdempotencyStore {
  /**
   * Sets the key to `{ state: 'running', fingerprint }` for `ttlMs` if it has no entry, answering
   * undefined: the caller serves the request. If it has one, leaves it and answers it. Atomic: of
   * two claims at once, one alone gets undefined (Redis: `SET key value NX PX ttl GET`).
   */
  claim(
    key: string,
    fingerprint: string,
    ttlMs: number,
  ): IdempotencyEntry | undefined | PromiseLike<IdempotencyEntry | undefined>;
  /** Replaces the key's entry with the answer given, kept for `ttlMs` from now. */
  settle(key: string, entry: IdempotencyEntry & { readonly state: 'done' }, ttlMs: number): unknown;
  /** Deletes the key's entry: the answer is not kept (a 5xx), so that a retry is served again. */
  release(key: string): unknown;
}

/** Options of {@link createMemoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** The most keys kept (default 10,000); past it the oldest entry goes first. */
  readonly maxEntries?: number | undefined;
  /** The most bytes kept, keys and answers counted as UTF-16 (default 32 MiB); past it the oldest entry goes first. An answer larger alone is not kept. */
  readonly maxBytes?: number | undefined;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}

/** The in-memory store, with what it holds now. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  /** As {@link IdempotencyStore.claim}, at once. */
  claim(key: string, fingerprint: string, ttlMs: number): IdempotencyEntry | undefined;
  /** How many keys it holds, expired ones not yet dropped included. */
  readonly size: number;
  /** How many bytes it counts for them. */
  readonly bytes: number;
}

interface Slot {
  readonly entry: IdempotencyEntry;
  readonly expires: number;
  readonly bytes: number;
}

/** What an entry is counted as: its key, fingerprint and answer as UTF-16, and a fixed part for the rest. */
function sizeOf(key: string, entry: IdempotencyEntry): number {
  let bytes = 2 * (key.length + entry.fingerprint.length) + 64;
  if (entry.state === 'done') {
    bytes += 2 * (entry.reply.text?.length ?? 0);
    for (const [name, value] of Object.entries(entry.reply.headers)) bytes += 2 * (name.length + value.length) + 16;
  }
  return bytes;
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;

/**
 * The in-memory store of the routes by default: bounded by entries and bytes (the oldest goes first
 * past either), each entry expiring after its time. One process only: a service that runs several
 * behind a load balancer gives the routes a shared store instead. Synchronous, so atomic.
 * @example
 * ```ts
 * import { createMemoryIdempotencyStore } from 'product-order-validator/http';
 *
 * const store = createMemoryIdempotencyStore({ maxEntries: 50_000, maxBytes: 128 * 1024 * 1024 });
 * ```
 */
export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): MemoryIdempotencyStore {
  const maxEntries = positive(options.maxEntries, defaultIdempotencyBounds.maxEntries);
  const maxBytes = positive(options.maxBytes, defaultIdempotencyBounds.maxBytes);
  const now = typeof options.now === 'function' ? options.now : Date.now;
  const slots = new Map<string, Slot>();
  // the order of age: each slot as it was put, a stale one (replaced or dropped since) skipped when reached
  let queue: { readonly key: string; readonly slot: Slot }[] = [];
  let head = 0;
  let bytes = 0;

  const drop = (key: string) => {
    const slot = slots.get(key);
    if (slot === undefined) return;
    slots.delete(key);
    bytes -= slot.bytes;
  };
  /** Drops expired entries from the oldest on, then the oldest while over a bound. */
  const trim = (time: number) => {
    while (head < queue.length) {
      const { key, slot } = queue[head] as (typeof queue)[number];
      const current = slots.get(key) === slot;
      if (current && slot.expires > time && slots.size <= maxEntries && bytes <= maxBytes) break;
      if (current) drop(key);
      head++;
    }
    // stale slots past a bound of their own: the queue never holds more than twice the map, and some
    if (queue.length - head > 2 * slots.size + 1024) {
      queue = queue.slice(head).filter(({ key, slot }) => slots.get(key) === slot);
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };
  const put = (key: string, entry: IdempotencyEntry, ttlMs: number): boolean => {
    drop(key);
    const size = sizeOf(key, entry);
    if (size > maxBytes) return false;
    const time = now();
    const slot = { entry, expires: time + positive(ttlMs, defaultIdempotencyTtlMs), bytes: size };
    slots.set(key, slot);
    queue.push({ key, slot });
    bytes += size;
    trim(time);
    return true;
  };

  return {
    get size() {
      return slots.size;
    },
    get bytes() {
      return bytes;
    },
    claim(key, fingerprint, ttlMs) {
      const found = slots.get(key);
      if (found !== undefined && found.expires > now()) return found.entry;
      put(key, { state: 'running', fingerprint }, ttlMs);
      return undefined;
    },
    settle(key, entry, ttlMs) {
      if (!put(key, entry, ttlMs)) drop(key);
    },
    release(key) {
      drop(key);
    },
  };
}
