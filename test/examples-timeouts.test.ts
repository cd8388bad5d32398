// The example services (examples/server and the Express, Fastify and Hono ones) as the packed package
// ships them, against clients that hold connections: some that never send a byte, and 300 slowloris
// connections that send a header line now and then. With the time limits shortened by env, every
// connection is closed within a bounded time. Bounded in count and time.
import { connect } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ExampleServer, startExampleServer } from './example-server.js';

/** The time limits in ms, as the examples read them from env. */
const env = {
  HEADERS_TIMEOUT_MS: '600',
  REQUEST_TIMEOUT_MS: '1500',
  KEEP_ALIVE_TIMEOUT_MS: '500',
  IDLE_TIMEOUT_MS: '800',
};
/**
 * The longest any held connection may stay open: the limits plus Node's check every second, with room
 * for a machine whose both cores run other suites (at 10 s a Fastify run under full load left 11 open).
 */
const boundMs = 20_000;

/**
 * Opens `count` connections to `port`, spread evenly over `spreadMs`: each sends `head` and then a byte
 * every 200 ms, or nothing when `head` is undefined, until the server closes it. Each reads what the
 * server answers (a 408 before it closes), as a client does: one that never read would never see the
 * close behind the answer. Resolves to the ms each stayed open, undefined for one still open after
 * {@link boundMs}.
 */
async function hold(
  port: number,
  count: number,
  head: string | undefined,
  spreadMs = 0,
): Promise<(number | undefined)[]> {
  const open: Promise<number | undefined>[] = [];
  for (let i = 0; i < count; i++)
    open.push(
      new Promise((resolve) => setTimeout(resolve, (i * spreadMs) / count)).then(
        () =>
          new Promise((resolve) => {
            const started = performance.now();
            const socket = connect(port, '127.0.0.1');
            socket.resume();
            let trickle: NodeJS.Timeout | undefined;
            const end = (ms: number | undefined) => {
              clearTimeout(give);
              clearInterval(trickle);
              socket.destroy();
              resolve(ms);
            };
            const give = setTimeout(() => end(undefined), boundMs);
            socket.on('connect', () => {
              if (head === undefined) return;
              socket.write(head);
              trickle = setInterval(() => socket.writable && socket.write('x'), 200);
            });
            socket.on('error', () => undefined);
            socket.on('close', () => end(performance.now() - started));
          }),
      ),
    );
  return Promise.all(open);
}

/** A slowloris connection's start: a request line and a header begun, never the end of the head. */
const slowloris = 'POST /productOrder HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

for (const name of ['server', 'express', 'fastify', 'hono']) {
  describe(`examples/${name}: connections that hold the server`, () => {
    let server: ExampleServer | undefined;
    afterAll(() => {
      server?.process.kill();
    });

    it('closes connections that send nothing and 300 slowloris connections within a bounded time, and keeps serving (regression: open after 600 s)', async () => {
      server = await startExampleServer(inject('consumer'), env, name);
      const { port } = server;
      // the silent ones spread over Node's check of every second: some meet it before their idle limit
      // and get a 408 before the close (regression: a test client that never read saw no close then)
      const [idle, slow] = await Promise.all([hold(port, 20, undefined, 1000), hold(port, 300, slowloris)]);
      expect(idle.filter((ms) => ms === undefined)).toHaveLength(0);
      expect(slow.filter((ms) => ms === undefined)).toHaveLength(0);
      const path = `${name === 'server' ? '' : '/api'}/inflightChangeProductOrder`;
      const served = await fetch(`${server.base}${path}`, {
        headers: { authorization: 'Bearer demo-reader' },
      });
      expect(served.status).toBe(200);
    }, 45_000);
  });
}
