// A client on a raw loopback socket, for what fetch cannot send: slow bodies, chunked bodies, broken requests.
import { connect } from 'node:net';

/** What a raw socket to `port` gets for `text`: everything until the server closes or `waitMs` pass. */
export function rawRequest(
  port: number,
  text: string | Buffer,
  waitMs: number,
  then?: (data: string, write: (more: string | Buffer) => void) => void,
) {
  return new Promise<{ data: string; closed: boolean; ms: number }>((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed, ms: performance.now() - started });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk) => {
      data += chunk;
      then?.(data, (more) => socket.write(more));
    });
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    socket.write(text);
  });
}

/** Whether `data` holds a whole response: its head, and as many bytes of body as it declares. */
export function holdsResponse(data: string): boolean {
  const end = data.indexOf('\r\n\r\n');
  const length = Number(/content-length: (\d+)/i.exec(data)?.[1] ?? 0);
  return end >= 0 && Buffer.byteLength(data.slice(end + 4)) >= length;
}

/**
 * An HTTP/1.1 request as text: method, target, header lines (a list may repeat a name), and the body,
 * with `Host` and its `Content-Length` unless the lines give them.
 */
export function requestText(
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> | readonly (readonly [string, string])[],
  body: string | Buffer = '',
): Buffer {
  const lines: (readonly [string, string])[] = Array.isArray(headers) ? [...headers] : Object.entries(headers);
  const has = (name: string) => lines.some(([given]) => given.toLowerCase() === name);
  if (!has('host')) lines.unshift(['Host', 'x']);
  if (!has('content-length')) lines.push(['Content-Length', String(Buffer.byteLength(body))]);
  const head = `${method} ${target} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(body)]);
}

/** The first response in `data`: its status, its headers (names in lower case) and its body, parsed when it is JSON. */
export function responseOf(data: string): { status: number; headers: Record<string, string>; body: unknown } {
  const end = data.indexOf('\r\n\r\n');
  const [line = '', ...fields] = data.slice(0, end < 0 ? data.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).trim().toLowerCase()] ??= field.slice(colon + 1).trim();
  }
  const text = end < 0 ? '' : data.slice(end + 4, end + 4 + Number(headers['content-length'] ?? data.length));
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text as it is
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(line)?.[1]), headers, body };
}
