// The example server, built from the packed package, against hostile clients over real loopback
// sockets: bodies that cannot be given back, bodies of faults, unauthenticated and slow bodies,
// Expect: 100-continue, HEAD, absolute-form targets, long lists. Every loop is bounded in count and time.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importExampleServer, startExampleServer } from './example-server.js';
import { holdsResponse, rawRequest, requestText, responseOf } from './socket.js';

let server: ChildProcess;
let base = '';
let port = 0;

beforeAll(async () => {
  const started = await startExampleServer(inject('consumer'), { BODY_TIMEOUT_MS: '500' });
  ({ base, port } = started);
  server = started.process;
});

afterAll(() => {
  server?.kill();
});

const admin = { authorization: 'Bearer demo-admin' };
const json = { ...admin, 'content-type': 'application/json' };
const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const create = (body: string) => fetch(`${base}/inflightChangeProductOrder`, { method: 'POST', headers: json, body });
const list = () => fetch(`${base}/inflightChangeProductOrder?limit=1000`, { headers: admin });

/** What a raw socket gets for `text`: everything until the server closes or `waitMs` pass. */
const raw = (text: string | Buffer, waitMs = 3000, then?: (data: string, write: (more: string) => void) => void) =>
  rawRequest(port, text, waitMs, then);

/** RSS of the server process in KiB, from /proc. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

describe('a body the server cannot give back', () => {
  it('a change with a 5,000-deep array is refused with 400 and not stored, so list and retrieve still answer', async () => {
    const before = Number((await list()).headers.get('x-total-count'));
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await create(change.replace(/^\{/, `{"deep": ${deep},`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      '@type': 'Error',
      violations: [{ code: 'invalid_json', params: { reason: 'too_deep' } }],
    });
    const after = await list();
    expect(after.status).toBe(200);
    expect(Number(after.headers.get('x-total-count'))).toBe(before);
    expect((await create(change)).status).toBe(201);
  });
});

describe('bodies of faults', () => {
  it('a 1 MB create of 499,990 faults gets at most 20 violations, in under 10 KB', async () => {
    const body = JSON.stringify({ ...JSON.parse(change), note: Array(499_990).fill(0) });
    const response = await create(body);
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(10_000);
    expect(JSON.parse(text)).toMatchObject({ truncated: { more: 980, stopped: true } });
    expect(JSON.parse(text).violations).toHaveLength(20);
  });

  it('a 1 MB listener event of 499,990 faults gets at most 20 violations, in under 10 KB', async () => {
    const event = { eventId: 'E', event: { appointment: { id: 'A', relatedEntity: Array(499_990).fill(0) } } };
    const response = await fetch(`${base}/listener/appointmentCreateEvent`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(event),
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(10_000);
  });

  it('fields with 15,000 commas gets an answer smaller than its request', async () => {
    const target = `/inflightChangeProductOrder?fields=${','.repeat(15_000)}`;
    const response = await fetch(`${base}${target}`, { headers: admin });
    expect(response.status).toBe(400);
    expect((await response.text()).length).toBeLessThan(target.length / 2);
  });
});

describe('unauthenticated and slow bodies', () => {
  it('50 clients without a token, each declaring 1 MB and stalling: 401 at once, closed after the linger, no memory kept', async () => {
    const pid = server.pid ?? 0;
    const before = rssOf(pid);
    const head = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n`;
    const answered: number[] = [];
    const stalled = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        raw(
          Buffer.concat([
            Buffer.from(head(i % 2 ? '/inflightChangeProductOrder' : '/listener/appointmentCreateEvent')),
            Buffer.alloc(64 * 1024, 0x20),
          ]),
          6000,
          () => answered.push(performance.now()),
        ),
      ),
    );
    for (const { data, closed, ms } of stalled) {
      expect(data).toMatch(/^HTTP\/1\.1 401 /);
      expect(closed).toBe(true);
      expect(ms).toBeLessThan(5000); // lingerMs (2 s) after the answer
    }
    expect(Math.max(...answered) - Math.min(...answered)).toBeLessThan(1000);
    expect(rssOf(pid) - before).toBeLessThan(50 * 1024); // KiB: far less than 50 bodies of 1 MB
  });

  it('a slow body with a token is answered 408 after the body time limit, and the connection closed', async () => {
    const head =
      'POST /inflightChangeProductOrder HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo-admin\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"slow": ';
    const { data, closed, ms } = await raw(head, 5000);
    expect(data).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(3000);
    expect((await create(change)).status).toBe(201);
  });
});

describe('Expect: 100-continue', () => {
  const head = (length: number, auth = 'Authorization: Bearer demo-admin\r\n') =>
    `POST /inflightChangeProductOrder HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\n` +
    `Content-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;

  it('a body over the limit gets 413 without 100 Continue first', async () => {
    const { data } = await raw(head(10 * 1024 * 1024));
    expect(data).toMatch(/^HTTP\/1\.1 413 /);
    expect(data).not.toMatch(/100 Continue/);
  });

  it('a client without a token gets 401 without 100 Continue first', async () => {
    const { data } = await raw(head(10, ''));
    expect(data).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('an acceptable body gets 100 Continue, then 201 once sent', async () => {
    let sent = false;
    const { data } = await raw(head(Buffer.byteLength(change)), 3000, (got, write) => {
      if (!sent && got.startsWith('HTTP/1.1 100 Continue')) {
        sent = true;
        write(change);
      }
    });
    expect(data).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
  });
});

describe("requests Node's parser refuses, and pipelining", () => {
  it.each([
    ['conflicting Content-Length headers', 'Content-Length: 5\r\nContent-Length: 7\r\n\r\nhello'],
    ['a header line without a colon', 'Broken header\r\n\r\n'],
    ['headers over 16 KB', `X-Long: ${'a'.repeat(20_000)}\r\n\r\n`],
  ])('%s get 400 with an ErrorMessage, not a bare status line', async (_, rest) => {
    const { data, closed } = await raw(`POST /inflightChangeProductOrder HTTP/1.1\r\nHost: x\r\n${rest}`);
    expect(data).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(data.slice(data.indexOf('\r\n\r\n') + 4))).toMatchObject({ '@type': 'Error', status: '400' });
    expect(closed).toBe(true);
  });

  it('answers a request pipelined after a refused create', async () => {
    const body = '{"a":1}';
    const { data } = await raw(
      `POST /inflightChangeProductOrder HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
        'GET /inflightChangeProductOrder?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo-admin\r\nConnection: close\r\n\r\n',
    );
    expect(data.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
  });
});

describe('HEAD, absolute-form targets and long lists', () => {
  it('HEAD on the list and on a resource answers as GET, without a body', async () => {
    const created = (await (await create(change)).json()) as { href: string };
    for (const path of ['/inflightChangeProductOrder', created.href]) {
      const get = await fetch(`${base}${path}`, { headers: admin });
      const head = await fetch(`${base}${path}`, { method: 'HEAD', headers: admin });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
      expect(await head.text()).toBe('');
    }
  });

  it('an absolute-form request target is routed by its path', async () => {
    const { data } = await raw(
      `GET http://127.0.0.1:${port}/inflightChangeProductOrder?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Authorization: Bearer demo-admin\r\nConnection: close\r\n\r\n',
    );
    expect(data).toMatch(/^HTTP\/1\.1 200 /);
    expect(data).toMatch(/X-Result-Count: 1/i);
  });

  it('a list without limit answers a page of 100', async () => {
    const total = Number((await list()).headers.get('x-total-count'));
    for (let i = total; i < 120; i++) expect((await create(change)).status).toBe(201);
    const page = await fetch(`${base}/inflightChangeProductOrder`, { headers: admin });
    expect(page.headers.get('x-result-count')).toBe('100');
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(120);
  });
});

describe('callbacks that never settle (regression: no answer at all, no onError)', () => {
  // the example started in this process, with an authorize, a store and an onEvent of the test's own
  let hanging: Server;
  let at = 0;
  const errors: unknown[] = [];
  const never = new Promise<never>(() => undefined);
  const lates: ((value: unknown) => void)[] = [];
  /** What a callback does, by a word of the request: hang, settle when the test says, or answer at once. */
  const by = (word: unknown, value: unknown) =>
    word === 'hang' ? never : word === 'late' ? new Promise((resolve) => lates.push(resolve)) : value;
  let listing = 'at once';
  beforeAll(async () => {
    const { startServer } = await importExampleServer(inject('consumer'));
    const kept = new Map<string, unknown>();
    hanging = await startServer({
      callbackTimeoutMs: 200,
      authorize: (token: string) => (token === 'hang-authorize' ? never : true),
      store: {
        save: (resource: { id: string; description?: string }) =>
          by(resource.description, kept.set(resource.id, resource) && undefined),
        list: () => by(listing, [...kept.values()]),
        get: (id: string) => by(id, kept.get(id)),
      },
      onEvent: (event: { eventId?: string }) => by(event.eventId, undefined),
      onError: (error: unknown) => errors.push(error),
    });
    at = (hanging.address() as AddressInfo).port;
  });
  afterAll(() => {
    (hanging as Server & { closeAllConnections?: () => void })?.closeAllConnections?.();
    hanging?.close();
  });

  const request = (method: string, path: string, token: string, body = '', connection = 'close') =>
    requestText(
      method,
      path,
      { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Connection: connection },
      body,
    );
  const described = (description: string) => JSON.stringify({ ...JSON.parse(change), description });
  const event = (eventId: string) => JSON.stringify({ eventId, event: { appointment: { id: 'A-1' } } });

  it.each([
    ['authorize', 'POST', '/inflightChangeProductOrder', 'hang-authorize', change, 'application/json;charset=utf-8'],
    ['authorize', 'POST', '/listener/appointmentCreateEvent', 'hang-authorize', event('E-1'), 'application/json'],
    [
      'store.save',
      'POST',
      '/inflightChangeProductOrder',
      'demo-admin',
      described('hang'),
      'application/json;charset=utf-8',
    ],
    ['store.get', 'GET', '/inflightChangeProductOrder/hang', 'demo-admin', '', 'application/json;charset=utf-8'],
    ['store.list', 'GET', '/inflightChangeProductOrder', 'demo-admin', '', 'application/json;charset=utf-8'],
    ['onEvent', 'POST', '/listener/appointmentCreateEvent', 'demo-admin', event('hang'), 'application/json'],
  ])(
    'answers 503 with Retry-After when %s never settles (%s %s), onError hears it once, and the next request is answered',
    async (callback, method, path, token, body, type) => {
      listing = callback === 'store.list' ? 'hang' : 'at once';
      const before = errors.length;
      const got = await rawRequest(at, request(method, path, token, body), 5000);
      const { status, headers, body: answer } = responseOf(got.data);
      expect([status, headers['retry-after'], headers['content-type'], (answer as { code?: string }).code]).toEqual([
        503,
        '1',
        type,
        'service_unavailable',
      ]);
      expect(got.ms).toBeLessThan(3000); // the limit of 200 ms, not the default 5 s
      expect(errors.slice(before)).toEqual([expect.objectContaining({ name: 'CallbackTimeoutError', callback })]);
      listing = 'at once';
      const next = await rawRequest(at, request('POST', '/inflightChangeProductOrder', 'demo-admin', change), 5000);
      expect(next.data).toMatch(/^HTTP\/1\.1 201 /);
    },
  );

  it('ignores a store that settles after the answer: one answer on the connection, onError once, no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      for (const [method, path, body] of [
        ['POST', '/inflightChangeProductOrder', described('late')],
        ['GET', '/inflightChangeProductOrder/late', ''],
      ]) {
        const before = errors.length;
        const following = request('GET', '/inflightChangeProductOrder?limit=1', 'demo-admin');
        let settled = false;
        const got = await rawRequest(
          at,
          request(method ?? '', path ?? '', 'demo-admin', body, 'keep-alive'),
          5000,
          (data, write) => {
            if (settled || !holdsResponse(data)) return;
            settled = true;
            for (const resolve of lates.splice(0)) resolve({ id: 'late' });
            setImmediate(() => write(following));
          },
        );
        expect(got.data.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 503', 'HTTP/1.1 200']);
        expect(errors.slice(before)).toEqual([expect.objectContaining({ name: 'CallbackTimeoutError' })]);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
