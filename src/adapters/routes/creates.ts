// What the two creates (a product order, an in-flight change) share: the `Idempotency-Key`, each key's
// answer kept and replayed, and the 201 or 202 with `Location` and `Validation-Hints`.
import { isThenable } from '../../http/auth.js';
import type { SerializedReply } from '../../http/body.js';
import { awaitCallback, defaultCallbackTimeoutMs, limitMs } from '../../http/callback.js';
import { headerValues } from '../../http/door.js';
import { errorResponse, type HttpError } from '../../http/error-message.js';
import type { HeadersInput } from '../../http/headers.js';
import {
  canonicalJson,
  createMemoryIdempotencyStore,
  defaultIdempotencyTtlMs,
  type IdempotencyEntry,
  type IdempotencyStore,
  idempotencyFingerprint,
  maxIdempotencyKeyLength,
  parseIdempotencyKey,
  sha256Hex,
} from '../../http/idempotency.js';
import type { Later, Route } from '../../http/pipeline.js';
import { httpWords } from '../../http/words.js';
import type { Lang } from '../../messages/index.js';
import type { Hint } from '../../violation.js';
import type { RouteErrorSource } from '../route-error.js';
import { isRefusal, type RouteKit } from './kit.js';
import type { Admitted, Answer, Call, IdempotencyOptions, RouteContext } from './types.js';

/** The longest `Validation-Hints` header, in characters: far below what clients and proxies take (8 KB and more). */
export const maxHintsHeader = 4096;

const utf8 = /* @__PURE__ */ new TextEncoder();

/** A string as an RFC 8941 sf-string holds it: printable ASCII, `%`, other characters %-encoded, `"` and `\` escaped. */
function sfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '%' || code < 0x20 || code > 0x7e)
      for (const byte of utf8.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += char === '"' || char === '\\' ? `\\${char}` : char;
  }
  return `"${out}"`;
}

/**
 * The `Validation-Hints` header of a valid body's near misses: an RFC 8941 list of each hint's JSON
 * Pointer with its `code` and `suggestion`, `"/priorty";code=did_you_mean;suggestion="priority"`,
 * at most {@link maxHintsHeader} characters; undefined for none.
 */
export function hintsHeader(hints: readonly Hint[]): string | undefined {
  let header = '';
  for (const hint of hints) {
    const suggestion = (hint.params as { suggestion?: unknown } | undefined)?.suggestion;
    const member = `${sfString(String(hint.path))};code=${/^[a-z][a-z0-9_]*$/.test(hint.code) ? hint.code : 'hint'}${
      typeof suggestion === 'string' ? `;suggestion=${sfString(suggestion)}` : ''
    }`;
    const next = header === '' ? member : `${header}, ${member}`;
    if (next.length > maxHintsHeader) break;
    header = next;
  }
  return header === '' ? undefined : header;
}

/** The creates' answers for the routes of `kit`: the key of a request, a create served once per key, a created resource's answer. */
export function creates<Native, Identity>(kit: RouteKit<Native, Identity>) {
  const { options, failure, ok, report, crashed, served } = kit;
  const given = options.idempotency;
  const keys =
    given === false
      ? undefined
      : {
          store: given?.store ?? createMemoryIdempotencyStore(),
          ttlMs: limitMs(given?.ttlMs, defaultIdempotencyTtlMs),
          scope: given?.scope,
        };
  /** A created resource's answer: 201 with it and `Location`, 202 without one; `Validation-Hints` naming the body's near misses. */
  const created = (value: unknown, lang: Lang, path: string, hints: readonly Hint[]): Answer => {
    const header = hintsHeader(hints);
    const headers = value === undefined ? {} : locationOf(value, path);
    if (header !== undefined) headers['validation-hints'] = header;
    const answer = value === undefined ? ok(202, lang, undefined, headers) : ok(201, lang, value, headers);
    return header !== undefined && answer.status < 300 ? Object.assign(answer, { hinted: hints.length }) : answer;
  };

  /**
   * The `Idempotency-Key` of a create: the key, undefined for none (or when the routes ignore it), or
   * its 400; a header sent more than once is told so, as a repeated `Authorization` is.
   */
  function idempotencyKeyOf(call: Call<Native>, lang: Lang): string | undefined | HttpError {
    if (keys === undefined) return undefined;
    const words = httpWords(lang);
    const lines = headerValues(call.headers, call.rawHeaders, 'idempotency-key');
    const read = lines.length > 1 ? { ok: false as const, fault: 'repeated' as const } : parseIdempotencyKey(lines[0]);
    if (read.ok) return read.key;
    const message =
      read.fault === 'repeated'
        ? words.repeatedHeader('Idempotency-Key')
        : words.idempotencyKey[read.fault](maxIdempotencyKeyLength);
    return errorResponse(400, undefined, { lang, message });
  }

  /** A create served once per `Idempotency-Key`, its answer kept; without a key, served as it comes. */
  function once(
    admitted: Admitted<Native, Identity>,
    key: string | undefined,
    value: unknown,
    callback: RouteErrorSource,
    run: () => unknown,
    reply: (value: unknown) => Answer,
  ): Later<Answer> {
    const words = httpWords(admitted.context.lang);
    if (key === undefined || keys === undefined)
      return served(admitted, callback, run, reply, words.createTimedOutUnkeyed(keys !== undefined));
    return keyed(keys, admitted, key, value, callback, run, reply, words.createTimedOut);
  }

  async function keyed(
    kept: Readonly<Required<Omit<IdempotencyOptions<Identity>, 'scope'>>> & Pick<IdempotencyOptions<Identity>, 'scope'>,
    admitted: Admitted<Native, Identity>,
    key: string,
    value: unknown,
    callback: RouteErrorSource,
    run: () => unknown,
    reply: (value: unknown) => Answer,
    timedOut: string,
  ): Promise<Answer> {
    const { context, call } = admitted;
    const { lang, identity, operation } = context;
    const { route } = call;
    const { store, ttlMs } = kept;
    const told = (error: unknown) => report(error, context);
    try {
      const scope = kept.scope ? String(kept.scope(identity, operation)) : scopeOf(identity);
      // the token or identity is kept as a digest only, with the operation and the key
      const [id, fingerprint] = await Promise.all([
        sha256Hex(canonicalJson([operation, scope, key])),
        idempotencyFingerprint(value),
      ]);
      const claimed = await awaitCallback('idempotency.claim', () => store.claim(id, fingerprint, ttlMs), {
        callbackTimeoutMs: options.callbackTimeoutMs,
        lang,
        onError: told,
      });
      if (!claimed.ok) return failure(claimed, lang, route, call.headers);
      if (claimed.value !== undefined && claimed.value !== null)
        return replayed(claimed.value, fingerprint, context, route, call.headers);
      // this request owns the key: the callback's answer, whenever it comes, is what the key keeps
      let outcome: Promise<{ value: unknown } | { error: unknown }> = Promise.resolve({ error: undefined });
      const tracked = () => {
        try {
          const given = run();
          outcome = Promise.resolve(given).then(
            (settled) => ({ value: settled }),
            (error: unknown) => ({ error }),
          );
          return given;
        } catch (error) {
          outcome = Promise.resolve({ error });
          throw error;
        }
      };
      const answer = await served(admitted, callback, tracked, reply, timedOut);
      void outcome.then((settled) => keep(store, id, fingerprint, ttlMs, settled, reply, context, route, call.headers));
      return answer;
    } catch (error) {
      return crashed(error, lang, context, route, call.headers);
    }
  }

  /** What a key's entry answers a request with its fingerprint: 422 for another body, 409 while it runs, else its answer. */
  function replayed(
    entry: IdempotencyEntry,
    fingerprint: string,
    context: RouteContext<Native, Identity>,
    route: Route,
    headers: HeadersInput | undefined,
  ): Answer {
    const { lang } = context;
    const words = httpWords(lang);
    if (typeof entry !== 'object' || typeof entry.fingerprint !== 'string' || !/^(running|done)$/.test(entry.state))
      return crashed(
        new TypeError('the idempotency store gave an entry that is no IdempotencyEntry'),
        lang,
        context,
        route,
        headers,
      );
    if (entry.fingerprint !== fingerprint)
      return failure(errorResponse(422, undefined, { lang, message: words.idempotencyReused }), lang, route, headers);
    if (entry.state === 'running') {
      const seconds = String(
        Math.max(1, Math.ceil(limitMs(options.callbackTimeoutMs, defaultCallbackTimeoutMs) / 1000)),
      );
      const busy = errorResponse(409, undefined, {
        lang,
        message: words.idempotencyRunning,
        headers: { 'retry-after': seconds },
      });
      return failure(busy, lang, route, headers);
    }
    const reply = entry.state === 'done' ? entry.reply : undefined;
    if (!isStoredReply(reply)) {
      const error = new TypeError('the idempotency store gave an entry that is no IdempotencyEntry');
      return crashed(error, lang, context, route, headers);
    }
    return { status: reply.status, headers: { ...reply.headers }, text: reply.text };
  }

  /**
   * Keeps the answer of a key's callback once it settled, or releases the key: kept are a created
   * resource (201, 202) and the callback's own refusals of the request (4xx but 408 and 429, which
   * a retry may pass); not kept, so that a retry is served again, a throw, a rejection and any 5xx.
   */
  function keep(
    store: IdempotencyStore,
    id: string,
    fingerprint: string,
    ttlMs: number,
    settled: { value: unknown } | { error: unknown },
    reply: (value: unknown) => Answer,
    context: RouteContext<Native, Identity>,
    route: Route,
    headers: HeadersInput | undefined,
  ): void {
    const told = (error: unknown) => report(error, context);
    const call = (run: () => unknown) => {
      try {
        const given = run();
        if (isThenable(given)) Promise.resolve(given).catch(told);
      } catch (error) {
        told(error);
      }
    };
    let answer: Answer | undefined;
    try {
      if ('value' in settled)
        answer = isRefusal(settled.value) ? failure(settled.value, context.lang, route, headers) : reply(settled.value);
    } catch {
      answer = undefined; // the client got its 500, told to onError, from the same value
    }
    const status = answer?.status ?? 500;
    if (answer === undefined || answer.error !== undefined || status >= 500 || status === 408 || status === 429)
      call(() => store.release(id));
    else {
      const { text, headers } = answer;
      call(() => store.settle(id, { state: 'done', fingerprint, reply: { status, headers, text } }, ttlMs));
    }
  }

  return { idempotencyKeyOf, once, created };
}

/** `Location` of a created resource: its `href`, else the collection's path and its `id`. */
function locationOf(created: unknown, path: string): Record<string, string> {
  if (typeof created !== 'object' || created === null) return {};
  const { href, id } = created as { href?: unknown; id?: unknown };
  if (typeof href === 'string' && href !== '' && !/[\r\n]/.test(href)) return { location: href };
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  if (typeof id === 'string' && id !== '') return { location: `${path.slice(0, end)}/${encodeURIComponent(id)}` };
  return {};
}

/** The scope of an identity's keys by default: the identity when it is a string (the bearer token), else its canonical JSON. */
function scopeOf(identity: unknown): string {
  return typeof identity === 'string' ? identity : canonicalJson(identity ?? null);
}

/** Whether a value is an answer as a store keeps it: a status, string headers, a text or none. */
function isStoredReply(value: unknown): value is SerializedReply {
  if (typeof value !== 'object' || value === null) return false;
  const { status, headers, text } = value as Partial<SerializedReply>;
  return (
    typeof status === 'number' &&
    Number.isInteger(status) &&
    status >= 200 &&
    status <= 599 &&
    typeof headers === 'object' &&
    headers !== null &&
    Object.values(headers).every((header) => typeof header === 'string' && !/[\r\n]/.test(header)) &&
    (text === undefined || typeof text === 'string')
  );
}
/** What the two creates of one `productOrderRoutes` share. */
export type Creates<Native, Identity> = ReturnType<typeof creates<Native, Identity>>;
