// Reading a request body with a size and a time limit, from a WHATWG Request or a Node
// IncomingMessage, and parsing it as JSON; the replies are written by reply.ts.
import { formatMessage, type Lang } from '../messages/index.js';
import { encodeToken } from '../pointer.js';
import { type InexactNumber, inexactNumbers, mayHoldInexactNumbers } from '../text/numbers.js';
import type { Finding } from '../violation.js';
import { limitMs } from './callback.js';
import { defaultHttpMaxViolations, errorResponse, type HttpError } from './error-message.js';
import { type HeadersInput, headerOf } from './headers.js';
import { type NodeBuffers, type NodeRequest, nodeBuffers } from './node.js';
import { utf8Length } from './reply.js';
import { httpWords } from './words.js';

export type { NodeBuffers, NodeRequest, NodeResponse } from './node.js';
export {
  lingerMs,
  lingerOn,
  type Reply,
  type SerializedReply,
  sendNode,
  serializeReply,
  toFetchResponse,
} from './reply.js';

/** The default body limit: 1 MiB, a hundred times a large order. */
export const defaultMaxBodyBytes = 1_048_576;

/** The default time a body may take to arrive: 10 s, enough for 1 MiB at 1 Mbit/s. */
export const defaultBodyTimeoutMs = 10_000;

/** Options of the body readers. */
export interface BodyOptions {
  /** Largest body accepted, in bytes (default {@link defaultMaxBodyBytes}); a larger one gives 413. */
  readonly maxBodyBytes?: number | undefined;
  /** Longest time the whole body may take to arrive, in milliseconds (default {@link defaultBodyTimeoutMs}); a slower one gives 408. */
  readonly bodyTimeoutMs?: number | undefined;
  /** Language of the error messages. */
  readonly lang?: Lang | undefined;
}

/** A body read in full, as text. */
export interface BodyText {
  /** Always true: the body was read. */
  readonly ok: true;
  /** The body, decoded as UTF-8. */
  readonly text: string;
}

/** Options of {@link readNodeBody}. */
export interface NodeBodyOptions extends BodyOptions {
  /**
   * Called once, when the body passed the declared-size check and is about to be read: a server that
   * handles `checkContinue` sends `100 Continue` here, so a client never sends a body that gets 413.
   */
  readonly beforeRead?: () => void;
}

const limitOf = (options?: BodyOptions) => {
  const max = options?.maxBodyBytes;
  return typeof max === 'number' && max >= 0 ? max : defaultMaxBodyBytes;
};

const timeoutOf = (options?: BodyOptions) => limitMs(options?.bodyTimeoutMs, defaultBodyTimeoutMs);

const tooLarge = (limit: number, lang?: Lang): HttpError =>
  errorResponse(413, undefined, {
    lang,
    message: httpWords(lang).tooLarge(limit),
  });

/** 408, closing the connection: what is left of the body is not waited for. */
const tooSlow = (lang?: Lang): HttpError => errorResponse(408, undefined, { lang, headers: { connection: 'close' } });

/** Whether the declared Content-Length exceeds the limit, so the body need not be read. */
function declaredTooLarge(headers: HeadersInput, limit: number): boolean {
  const declared = Number(headerOf(headers, 'content-length'));
  return Number.isFinite(declared) && declared > limit;
}

/** A 400 ErrorMessage for a body that is not JSON: one `invalid_json` violation (rule R-body). */
export function notJson(
  reason: 'syntax' | 'encoding' | 'empty' | 'too_deep',
  lang?: Lang,
  position?: number,
): HttpError {
  const params = position === undefined ? { reason } : { reason, position };
  const fault: Finding = { rule: 'R-body', code: 'invalid_json', path: '', params };
  return errorResponse(400, { violations: [{ ...fault, message: formatMessage(fault, lang) }] }, { lang });
}

/** Strict UTF-8: one for every body, since making one costs more than most decodes. */
const utf8Decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/** UTF-8 once the bytes are known to be UTF-8: no check of its own, and a byte order mark dropped as the strict one drops it. */
const checkedDecoder = /* @__PURE__ */ new TextDecoder('utf-8');

/** The chunks as one run of bytes: the chunk itself when there is one, else a copy of all. */
function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const [first] = chunks;
  if (chunks.length === 1 && first !== undefined && first.length === size) return first;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/**
 * The text of UTF-8 `bytes` as the fatal `TextDecoder` gives it (a leading byte order mark dropped),
 * or undefined when they are not UTF-8: the careful path, which {@link decode} matches.
 */
export function decodeCarefully(bytes: Uint8Array): string | undefined {
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * {@link decodeCarefully}'s answer, the bytes checked by Node's native `isUtf8` where it can be
 * (`buffers`, Node's own by default), then decoded without a check of their own.
 */
export function decodeFast(bytes: Uint8Array, buffers: NodeBuffers | undefined = nodeBuffers): string | undefined {
  if (buffers === undefined) return decodeCarefully(bytes);
  return buffers.isUtf8(bytes) ? checkedDecoder.decode(bytes) : undefined;
}

/** The text of the chunks of a body, `size` bytes in all, or a 400 when they are not UTF-8. */
export function decode(chunks: readonly Uint8Array[], size: number, lang?: Lang): BodyText | HttpError {
  const text = decodeFast(joined(chunks, size));
  return text === undefined ? notJson('encoding', lang) : { ok: true, text };
}

/**
 * Reads the body of a WHATWG `Request` as text, stopping at the limits: 413 when it is larger (the
 * rest is not read), 408 when it does not arrive in time, 400 when it is not UTF-8.
 */
export async function readFetchBody(request: Request, options?: BodyOptions): Promise<BodyText | HttpError> {
  const limit = limitOf(options);
  const lang = options?.lang;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    if (declaredTooLarge(request.headers, limit)) return tooLarge(limit, lang);
    if (request.bodyUsed) return readAlready(lang);
    reader = request.body?.getReader();
  } catch {
    return readAlready(lang); // a body locked by another reader, or a request that cannot be read
  }
  if (!reader) return decode([], 0, lang);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutOf(options));
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        reader.cancel().catch(() => undefined);
        return tooSlow(lang);
      }
      if (next.done) break;
      size += next.value.length;
      if (size > limit) {
        reader.cancel().catch(() => undefined);
        return tooLarge(limit, lang);
      }
      chunks.push(next.value);
    }
  } catch {
    return aborted(lang);
  } finally {
    clearTimeout(timer);
  }
  return decode(chunks, size, lang);
}

/** 500: the body was read already by another part of the server, which is the server's fault. */
const readAlready = (lang?: Lang): HttpError =>
  errorResponse(500, undefined, { lang, message: httpWords(lang).readAlready });

const aborted = (lang?: Lang): HttpError => errorResponse(400, undefined, { lang, message: httpWords(lang).aborted });

/**
 * Reads the body of a Node `IncomingMessage` as text, keeping at most the limit in memory: 413 when
 * it is larger, 408 when it does not arrive in time (closing the connection), 400 when it is not UTF-8 or the client aborts, 500 when something else
 * read the body already.
 */
export function readNodeBody(request: NodeRequest, options?: NodeBodyOptions): Promise<BodyText | HttpError> {
  return new Promise((resolve) => readNodeBodyTo(request, options, resolve));
}

/**
 * {@link readNodeBody} with a callback: `done` gets its answer, once, at once for a body refused
 * before it is read. For a framework's parser that takes a callback: no promise per request.
 */
export function readNodeBodyTo(
  request: NodeRequest,
  options: NodeBodyOptions | undefined,
  done: (result: BodyText | HttpError) => void,
): void {
  const limit = limitOf(options);
  const lang = options?.lang;
  const refused = declaredTooLarge(request.headers, limit)
    ? tooLarge(limit, lang)
    : request.readableEnded === true || request.destroyed === true
      ? readAlready(lang)
      : undefined;
  if (refused) {
    done(refused);
    return;
  }
  options?.beforeRead?.();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let settled = false;
  const settle = (result: BodyText | HttpError) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    chunks.length = 0;
    request.removeListener('end', onEnd);
    request.removeListener('error', onError);
    request.removeListener('close', onError);
    done(result);
  };
  const onData = (chunk: Uint8Array) => {
    if (settled) return; // discarding what arrives before the connection closes
    size += chunk.length;
    if (size > limit) settle(tooLarge(limit, lang));
    else chunks.push(chunk);
  };
  const onEnd = () => settle(decode(chunks, size, lang));
  const onError = () => settle(aborted(lang));
  const timer = setTimeout(() => {
    request.removeListener('data', onData);
    settle(tooSlow(lang));
  }, timeoutOf(options));
  request.on('data', onData);
  request.on('end', onEnd);
  request.on('error', onError);
  request.on('close', onError);
}

/**
 * A body another part of the server read before the routes, as it left it: the bytes (Express's
 * `express.raw()`, a Hono middleware's `arrayBuffer()`), the text it decoded (`express.text()`,
 * `c.req.text()`, Hono's `c.req.json()`), or the value it parsed (Express's `express.json()`).
 */
export type HeldBody = { readonly bytes: Uint8Array } | { readonly text: string } | { readonly parsed: unknown };

/**
 * A body another part of the server read, held to the limits of one the routes read: 413 when its
 * declared `Content-Length`, its bytes or its text's UTF-8 length exceed `maxBodyBytes`; 400 when its
 * bytes are not UTF-8, or when decoded text holds U+FFFD (the mark a decoder puts for bytes that were
 * not UTF-8, which cannot be told apart from one sent). A parsed value is walked once per node: 400
 * `too_deep` past {@link maxJsonDepth}, 400 `inexact_number` at a number the parser could not hold
 * (±Infinity, an integer beyond ±(2⁵³ − 1)) unless `keepInexactNumbers`, and, when no
 * `Content-Length` tells its size (a chunked body), 413 when its JSON text would exceed the limit.
 */
export function heldBody(
  held: HeldBody,
  headers: HeadersInput,
  options?: BodyOptions & JsonBodyOptions,
): BodyText | { readonly ok: true; readonly parsed: unknown } | HttpError {
  const limit = limitOf(options);
  const lang = options?.lang;
  if (declaredTooLarge(headers, limit)) return tooLarge(limit, lang);
  if ('bytes' in held)
    return held.bytes.length > limit ? tooLarge(limit, lang) : decode([held.bytes], held.bytes.length, lang);
  if ('text' in held) {
    if (utf8Length(held.text) > limit) return tooLarge(limit, lang);
    return held.text.includes('\uFFFD') ? notJson('encoding', lang) : { ok: true, text: held.text };
  }
  const declared = /^\s*\d+\s*$/.test(headerOf(headers, 'content-length') ?? '');
  return (
    parsedFault(held.parsed, limit, declared, options?.keepInexactNumbers === true, lang) ?? {
      ok: true,
      parsed: held.parsed,
    }
  );
}

/** A node of a parsed value to visit: the node, its depth, the visit of its parent and its key or index there. */
type Visit = readonly [node: unknown, depth: number, parent: Visit | undefined, token: string | number];

/** The JSON Pointer of a visited node, made only for a node at fault. */
function pathOf(visit: Visit): string {
  const tokens: string[] = [];
  for (let at: Visit | undefined = visit; at?.[2] !== undefined; at = at[2])
    tokens.push(typeof at[3] === 'number' ? String(at[3]) : encodeToken(at[3]));
  return tokens.length === 0 ? '' : `/${tokens.reverse().join('/')}`;
}

/**
 * The 400 of a parsed value nested deeper than {@link maxJsonDepth}, holding U+FFFD in a string, or
 * numbers JavaScript could not hold (unless `keepInexact`); a value of more nodes than `limit` (JSON
 * spends a byte at least on each) is 413, and so is one whose JSON text is longer when no declared
 * size was checked (`declared` false). Each node is visited once, so shared references and cycles
 * cost no more than their nodes.
 */
function parsedFault(
  value: unknown,
  limit: number,
  declared: boolean,
  keepInexact: boolean,
  lang?: Lang,
): HttpError | undefined {
  const seen = new Set<object>();
  const stack: Visit[] = [[value, 0, undefined, '']];
  const inexact: InexactNumber[] = [];
  let nodes = 0;
  // the length of the value's JSON text, without escapes: quotes, colons and commas counted
  let size = 0;
  try {
    while (stack.length > 0) {
      const visit = stack.pop() as Visit;
      const [node, depth] = visit;
      if (++nodes > limit) return tooLarge(limit, lang);
      if (typeof node === 'string') {
        if (node.includes('\uFFFD')) return notJson('encoding', lang);
        size += utf8Length(node) + 3;
      } else if (typeof node === 'number') {
        const text = String(node);
        size += text.length + 1;
        if (!keepInexact && (!Number.isFinite(node) || (Number.isInteger(node) && !Number.isSafeInteger(node)))) {
          const reason = Number.isFinite(node) ? 'unsafe_integer' : 'overflow';
          if (inexact.length < defaultHttpMaxViolations)
            inexact.push({
              rule: 'R-json',
              code: 'inexact_number',
              path: pathOf(visit),
              params: { reason, literal: text, parsed: true },
            });
        }
      } else if (typeof node !== 'object' || node === null) size += 6;
      else if (!seen.has(node)) {
        seen.add(node);
        if (depth + 1 > maxJsonDepth) return notJson('too_deep', lang);
        const keys = Array.isArray(node) ? undefined : Object.keys(node);
        const count = (keys ?? (node as unknown[])).length;
        if (nodes + count > limit) return tooLarge(limit, lang);
        size += 2;
        // pushed from the last, so that they come off the stack in the order of the text
        if (keys === undefined) {
          const items = node as unknown[];
          for (let i = count - 1; i >= 0; i--) stack.push([items[i], depth + 1, visit, i]);
        } else
          for (let i = count - 1; i >= 0; i--) {
            const key = keys[i] as string;
            stack.push([(node as Record<string, unknown>)[key], depth + 1, visit, key]);
            stack.push([key, depth + 1, visit, key]);
          }
      }
      if (!declared && size > limit) return tooLarge(limit, lang);
    }
  } catch {
    return errorResponse(500, undefined, { lang }); // a value its parser made that cannot be read
  }
  if (inexact.length === 0) return undefined;
  const violations = inexact.map((fault) => ({ ...fault, message: formatMessage(fault, lang) }));
  return errorResponse(400, { violations }, { lang });
}

/** Options of {@link parseJsonBody}. */
export interface JsonBodyOptions {
  /**
   * Keep a number that JavaScript cannot hold exactly (`1e400`, `12345678901234567890`) as
   * `JSON.parse` reads it (`Infinity`, which a reply then writes as `null`; `12345678901234567000`),
   * instead of refusing the body with 400 (the default).
   */
  readonly keepInexactNumbers?: boolean | undefined;
}

/** What {@link parseJsonBody} gives: the value, or the 400 to answer. */
export type ParsedBody =
  | {
      /** Always true: the text is JSON. */
      ok: true;
      /** The parsed value. */
      value: unknown;
    }
  | HttpError;

/**
 * Parses body text as JSON: the value, or a 400 ErrorMessage with one `invalid_json` violation
 * (rule R-body) naming the position of the syntax error when the engine tells it, or with an
 * `inexact_number` violation (rule R-json) at each number JavaScript cannot hold exactly (at most
 * {@link defaultHttpMaxViolations}), unless `options.keepInexactNumbers`.
 */
export function parseJsonBody(text: string, lang?: Lang, options?: JsonBodyOptions): ParsedBody {
  return parsed(text, lang, options, true);
}

/**
 * {@link parseJsonBody} the long way: a blank text found by `trim`, and the depth scan over every
 * text. The answers are the same; the tests hold the two to it.
 */
export function parseJsonBodyCarefully(text: string, lang?: Lang, options?: JsonBodyOptions): ParsedBody {
  return parsed(text, lang, options, false);
}

function parsed(text: string, lang: Lang | undefined, options: JsonBodyOptions | undefined, fast: boolean): ParsedBody {
  if (fast ? isBlank(text) : text.trim() === '') return notJson('empty', lang);
  // nesting deeper than the limit needs more openers than the limit: most texts have fewer
  const deep = fast && !opensMore(text, maxJsonDepth) ? -1 : tooDeepAt(text);
  if (deep >= 0) return notJson('too_deep', lang, deep);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /at position (\d+)/.exec(String((error as Error)?.message))?.[1];
    return notJson('syntax', lang, position === undefined ? undefined : Number(position));
  }
  const inexact =
    options?.keepInexactNumbers === true || (fast && !mayHoldInexactNumbers(text))
      ? []
      : inexactNumbers(text, defaultHttpMaxViolations);
  if (inexact.length === 0) return { ok: true, value };
  const violations = inexact.map((fault) => ({ ...fault, message: formatMessage(fault, lang) }));
  return errorResponse(400, { violations }, { lang });
}

/** Whether `text.trim() === ''`, without the copy `trim` makes when the text starts with a space. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    return c < 128 ? false : text.trim() === ''; // beyond ASCII, trim's own idea of a space
  }
  return true;
}

/** Whether `text` holds more than `most` of `[` and `{`, strings included: found natively, counted up to `most + 1`. */
function opensMore(text: string, most: number): boolean {
  if (text.length <= most) return false;
  let count = 0;
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at >= 0; at = text.indexOf(opener, at + 1)) if (++count > most) return true;
  }
  return false;
}

/**
 * The most levels of arrays and objects a body may nest: an order nests about 10; a body nested
 * thousands deep is valid JSON, but no reply could carry it back (`JSON.stringify` stops near 4,000).
 */
export const maxJsonDepth = 256;

/** The position where `text` opens its level `maxJsonDepth + 1`, or -1; strings are skipped. */
function tooDeepAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > maxJsonDepth) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}
