// Reading a request body with a size limit, from a WHATWG Request or a Node IncomingMessage, and
// parsing it as JSON.
import { formatMessage, type Lang } from '../messages/index.js';
import type { Finding } from '../violation.js';
import { errorResponse, type HttpError } from './error-message.js';
import { type HeadersInput, headerOf } from './headers.js';

/** The default body limit: 1 MiB, a hundred times a large order. */
export const defaultMaxBodyBytes = 1024 * 1024;

/** Options of the body readers. */
export interface BodyOptions {
  /** Largest body accepted, in bytes (default {@link defaultMaxBodyBytes}); a larger one gives 413. */
  readonly maxBodyBytes?: number;
  /** Language of the error messages. */
  readonly lang?: Lang;
}

/** A body read in full, as text. */
export interface BodyText {
  readonly ok: true;
  readonly text: string;
}

/** The parts of Node's `http.IncomingMessage` the reader uses. */
export interface NodeRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

/** The parts of Node's `http.ServerResponse` the writers use. */
export interface NodeResponse {
  writeHead(status: number, headers: Readonly<Record<string, string>>): unknown;
  end(body?: string): unknown;
}

/** A response to send: the status, its headers and a JSON body (none for 204). */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

const limitOf = (options?: BodyOptions) => {
  const max = options?.maxBodyBytes;
  return typeof max === 'number' && max >= 0 ? max : defaultMaxBodyBytes;
};

const tooLarge = (limit: number, lang?: Lang): HttpError =>
  errorResponse(413, undefined, {
    lang,
    message:
      lang === 'de'
        ? `Der Inhalt ist größer als ${limit} Bytes, die Grenze dieses Servers.`
        : `The body is larger than ${limit} bytes, the limit of this server.`,
  });

/** Whether the declared Content-Length exceeds the limit, so the body need not be read. */
function declaredTooLarge(headers: HeadersInput, limit: number): boolean {
  const declared = Number(headerOf(headers, 'content-length'));
  return Number.isFinite(declared) && declared > limit;
}

/** A 400 ErrorMessage for a body that is not JSON. */
function notJson(reason: 'syntax' | 'encoding' | 'empty', lang?: Lang, position?: number): HttpError {
  const params = position === undefined ? { reason } : { reason, position };
  const fault: Finding = { rule: 'R-body', code: 'invalid_json', path: '', params };
  return errorResponse(400, { violations: [{ ...fault, message: formatMessage(fault, lang) }] }, { lang });
}

/** The text of the chunks, or a 400 when they are not UTF-8. */
function decode(chunks: readonly Uint8Array[], size: number, lang?: Lang): BodyText | HttpError {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(all) };
  } catch {
    return notJson('encoding', lang);
  }
}

/**
 * Reads the body of a WHATWG `Request` as text, stopping at the limit: 413 when it is larger (the
 * rest is not read), 400 when it is not UTF-8.
 */
export async function readFetchBody(request: Request, options?: BodyOptions): Promise<BodyText | HttpError> {
  const limit = limitOf(options);
  if (declaredTooLarge(request.headers, limit)) return tooLarge(limit, options?.lang);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(limit, options?.lang);
    }
    chunks.push(value);
  }
  return decode(chunks, size, options?.lang);
}

/**
 * Reads the body of a Node `IncomingMessage` as text, keeping at most the limit in memory: 413 when
 * it is larger (the rest is discarded as it arrives, so the connection stays usable), 400 when it is
 * not UTF-8 or the client aborts.
 */
export function readNodeBody(request: NodeRequest, options?: BodyOptions): Promise<BodyText | HttpError> {
  const limit = limitOf(options);
  const lang = options?.lang;
  if (declaredTooLarge(request.headers, limit)) return Promise.resolve(tooLarge(limit, lang));
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyText | HttpError) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      request.removeListener('end', onEnd);
      request.removeListener('error', onError);
      request.removeListener('close', onError);
      resolve(result);
    };
    const onData = (chunk: Uint8Array) => {
      if (settled) return; // discarding what is left of a body over the limit
      size += chunk.length;
      if (size > limit) settle(tooLarge(limit, lang));
      else chunks.push(chunk);
    };
    const onEnd = () => settle(decode(chunks, size, lang));
    const onError = () => settle(errorResponse(400, undefined, { lang, message: 'The request was aborted.' }));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onError);
  });
}

/**
 * Parses body text as JSON: the value, or a 400 ErrorMessage with one `invalid_json` violation
 * (rule R-body) naming the position of the syntax error when the engine tells it.
 */
export function parseJsonBody(text: string, lang?: Lang): { ok: true; value: unknown } | HttpError {
  if (text.trim() === '') return notJson('empty', lang);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const position = /at position (\d+)/.exec(String((error as Error)?.message))?.[1];
    return notJson('syntax', lang, position === undefined ? undefined : Number(position));
  }
}

/** Writes a reply to a Node `ServerResponse`: JSON body, or none for 204. */
export function sendNode(response: NodeResponse, reply: Reply): void {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
}

/** A reply as a WHATWG `Response`: JSON body, or none for 204. */
export function toFetchResponse(reply: Reply): Response {
  const body = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(body, { status: reply.status, headers: reply.headers });
}
