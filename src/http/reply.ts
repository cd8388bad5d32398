// Writing a reply only once it is serialised in full: to a Node \`ServerResponse\` or as a WHATWG \`Response\`.
import { errorResponse } from './error-message.js';
import { type NodeRequest, type NodeResponse, nodeBuffers } from './node.js';

/** A response to send: the status, its headers and a JSON body (none for 204). */
export interface Reply {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers; `content-length` is added when the body is serialised. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, serialised as JSON; none when undefined. */
  readonly body?: unknown;
}

/** A reply whose body is serialised already, with its `content-length`: ready to be written. */
export interface SerializedReply {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers, with `content-length` unless the status is 204 or 304. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text of the body; undefined for none. */
  readonly text: string | undefined;
}

/** The length of `text` in UTF-8 bytes, without encoding it; JSON.stringify leaves no lone surrogate. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    // two bytes below U+0800, three up to U+FFFF; a surrogate pair is two units for four bytes
    bytes += unit < 0x800 ? 1 : unit >= 0xd800 && unit <= 0xdfff ? 1 : 2;
  }
  return bytes;
}

/**
 * The length of JSON.stringify's text in UTF-8 bytes: counted natively on Node, which counts a lone
 * surrogate as the three bytes of U+FFFD where {@link utf8Length} counts two; JSON.stringify leaves none.
 */
const jsonLength: (text: string) => number = /* @__PURE__ */ (() => {
  const buffer = nodeBuffers?.Buffer;
  return typeof buffer?.byteLength === 'function' ? (text: string) => buffer.byteLength(text, 'utf8') : utf8Length;
})();

/**
 * A reply serialised in full, with its `content-length`: a body that cannot be serialised (nested
 * too deep, a BigInt, a cycle, larger than a string can be) gives a 500 ErrorMessage instead.
 */
export function serializeReply(reply: Reply | SerializedReply): SerializedReply {
  if ('text' in reply) return reply;
  let text: string | undefined;
  try {
    text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  } catch {
    return serializeReply(errorResponse(500));
  }
  const length = text === undefined ? 0 : jsonLength(text);
  const headers =
    reply.status === 204 || reply.status === 304
      ? reply.headers
      : Object.assign({}, reply.headers, { 'content-length': String(length) });
  return { status: reply.status, headers, text };
}

/** How long a client may go on sending a body after the reply was sent without reading it. */
export const lingerMs = 2000;

/**
 * Writes a reply to a Node `ServerResponse`: JSON body, or none for 204. The body is serialised
 * before anything is written, so a reply that cannot be serialised is answered 500, never left open.
 * Given the `request`, a reply sent before its body ended (a refusal, 413) lets the server discard
 * the rest for {@link lingerMs}, so that a client sending it reads the reply, then closes the
 * connection: a client that stalls holds nothing for long.
 */
export function sendNode(response: NodeResponse, reply: Reply | SerializedReply, request?: NodeRequest): void {
  const ready = serializeReply(reply);
  response.writeHead(ready.status, ready.headers);
  response.end(ready.text);
  if (request) lingerOn(request);
}

/**
 * When the body of a request that was answered is still arriving, lets the server discard the rest
 * for {@link lingerMs}, then closes the connection: a client that stalls holds nothing for long.
 */
export function lingerOn(request: NodeRequest): void {
  if (request.readableEnded === true || request.destroyed === true) return;
  const timer = setTimeout(() => request.destroy?.(), lingerMs);
  const done = () => {
    clearTimeout(timer);
    request.removeListener('end', done);
    request.removeListener('close', done);
  };
  request.on('end', done);
  request.on('close', done);
}

/** A reply as a WHATWG `Response`: JSON body, or none for 204; 500 when the body cannot be serialised. */
export function toFetchResponse(reply: Reply | SerializedReply): Response {
  const ready = serializeReply(reply);
  return new Response(ready.text ?? null, { status: ready.status, headers: ready.headers });
}
