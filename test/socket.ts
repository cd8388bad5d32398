// A client on a raw loopback socket, for what fetch cannot send: slow bodies, chunked bodies, broken requests.
import { connect } from 'node:net';

/** What a raw socket to `port` gets for `text`: everything until the server closes or `waitMs` pass. */
export function rawRequest(
  port: number,
  text: string | Buffer,
  waitMs: number,
  then?: (data: string, write: (more: string) => void) => void,
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
