// product-order-validator/client from the packed package, as a partner's integration uses it, against
// the Express routes over loopback: every kind of answer, the retry on 429 with Retry-After, the time
// limit, an invalid order that never reaches the server, German messages; and hostile answers and inputs.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, closing, createdOrder, frameworks, listening, loadFrameworks, type Running } from './apps.js';
import { type ExampleServer, startExampleServer } from './example-server.js';

type ClientModule = typeof import('../src/client/index.js');

const order = JSON.parse(readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8'));
const change = JSON.parse(readFileSync('examples/inflight/valid/change-contacts.json', 'utf8'));
const invalid = { ...order, category: 'neu' };

let client: ClientModule;
let cjs: ClientModule;

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
  const resolve = createRequire(join(inject('consumer'), 'package.json'));
  client = await import(pathToFileURL(resolve.resolve('product-order-validator/client')).href.replace(/\.cjs$/, '.js'));
  cjs = resolve('product-order-validator/client');
});

/** An Express app with the routes, counting the requests that reach them. */
async function service(extra: Record<string, unknown> = {}) {
  const served: string[] = [];
  const app: Running = await apps.express('raw', {
    onOutcome: (outcome: Any) => served.push(`${outcome.operation} ${outcome.status}`),
    ...extra,
  });
  const outcomes = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return served;
  };
  return { app, outcomes };
}

describe('the client against the Express routes', () => {
  let s: Awaited<ReturnType<typeof service>>;
  let calls = 0;
  beforeAll(async () => {
    s = await service({
      onProductOrder: (o: Any, { token }: Any) => {
        calls++;
        if (o.description === 'busy' && calls % 2 === 1)
          return frameworks.errorResponse(429, undefined, { headers: { 'retry-after': '1' } });
        if (o.description === 'busy long')
          return frameworks.errorResponse(429, undefined, { headers: { 'retry-after': '3600' } });
        if (o.description === 'down') return frameworks.errorResponse(503);
        if (o.description === 'slow') return new Promise((resolve) => setTimeout(() => resolve(createdOrder(o)), 1500));
        if (o.description === 'later') return undefined;
        if (o.description === 'conflict') return frameworks.errorResponse(409);
        if (o.description === 'crash') throw new Error('a secret of the service');
        return { ...createdOrder(o), id: `PO-${calls}`, token };
      },
    });
  });
  afterAll(() => s.app.close());
  const make = (options: Record<string, unknown> = {}) =>
    client.createProductOrderClient({ baseUrl: s.app.base, token: 'good', ...options });

  it('creates a product order: 201 with the created order typed, Location in the headers, the near misses found before sending', async () => {
    const near = await make().createProductOrder({ ...order, priorty: '1' });
    expect(near.ok && near.hints.map((h) => h.params)).toEqual([{ found: 'priorty', suggestion: 'priority' }]);
    const result = await make().createProductOrder(order);
    expect(
      result.ok &&
        result.status === 201 && [
          result.status,
          result.value.state,
          Reflect.get(result.value, 'token'),
          result.attempts,
        ],
    ).toEqual([201, 'acknowledged', 'good', 1]);
    expect(result.ok && result.headers.get('location')).toMatch(/\/productOrder\/PO-\d+$/);
  });

  it('never sends an invalid order: the violations in German, and no request reaches the server', async () => {
    const before = (await s.outcomes()).length;
    const result = await make({ lang: 'de' }).createProductOrder(invalid);
    expect(result.ok || result.kind).toBe('invalid');
    expect(!result.ok && result.kind === 'invalid' && result.violations.map((v) => [v.path, v.code])).toEqual([
      ['/category', 'not_allowed'],
    ]);
    expect(!result.ok && result.kind === 'invalid' && result.violations[0]?.message).toMatch(/Kategorie|muss/);
    expect((await s.outcomes()).length).toBe(before);
  });

  it('sends an invalid order when told not to validate: 400 with the ErrorMessage in German', async () => {
    const result = await make({ lang: 'de' }).createProductOrder(invalid, { validate: false });
    expect(
      !result.ok &&
        result.kind === 'status' && [result.status, result.error?.code, result.error?.violations?.[0]?.path],
    ).toEqual([400, 'invalid_request', '/category']);
    expect(!result.ok && result.kind === 'status' && result.headers.get('content-language')).toBe('de');
  });

  it('answers 202 with no value', async () => {
    const result = await make().createProductOrder({ ...order, description: 'later' });
    expect(result.ok && [result.status, result.value]).toEqual([202, undefined]);
  });

  it('tries again after a 429 with Retry-After: 1, once, and gets the 201', async () => {
    calls = 0;
    const started = Date.now();
    const result = await make().createProductOrder({ ...order, description: 'busy' });
    expect(result.ok && [result.status, result.attempts]).toEqual([201, 2]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After longer than maxRetryDelayMs: the 429 is the answer, with its delay', async () => {
    const result = await make({ maxRetryDelayMs: 2000 }).createProductOrder({ ...order, description: 'busy long' });
    expect(!result.ok && result.kind === 'status' && [result.status, result.retryAfterMs, result.attempts]).toEqual([
      429, 3_600_000, 1,
    ]);
  });

  it('does not try a 503 without Retry-After again', async () => {
    const result = await make().createProductOrder({ ...order, description: 'down' });
    expect(!result.ok && result.kind === 'status' && [result.status, result.error?.code, result.attempts]).toEqual([
      503,
      'service_unavailable',
      1,
    ]);
  });

  it('gives 409 and 500 as their ErrorMessages, the 500 telling nothing of the service', async () => {
    const api = make();
    const conflict = await api.createProductOrder({ ...order, description: 'conflict' });
    const crash = await api.createProductOrder({ ...order, description: 'crash' });
    expect([conflict, crash].map((r) => !r.ok && r.kind === 'status' && [r.status, r.error?.code])).toEqual([
      [409, 'conflict'],
      [500, 'internal_error'],
    ]);
    expect(JSON.stringify(crash)).not.toContain('secret');
  });

  it('times out: no whole answer within timeoutMs', async () => {
    const result = await make({ timeoutMs: 200 }).createProductOrder({ ...order, description: 'slow' });
    expect(!result.ok && result.kind).toBe('timeout');
  });

  it('gives 401 for a bad token and 403 for one without permission, as ErrorMessages', async () => {
    const bad = await make({ token: 'bad' }).createProductOrder(order);
    const reader = await make({ getToken: async () => 'reader' }).createProductOrder(order);
    expect([bad, reader].map((r) => !r.ok && r.kind === 'status' && [r.status, r.error?.code])).toEqual([
      [401, 'unauthorized'],
      [403, 'forbidden'],
    ]);
  });

  it('does not send when getToken fails, or gives a token a header cannot carry', async () => {
    const before = (await s.outcomes()).length;
    const failing = await make({
      getToken: () => {
        throw new Error('no credentials');
      },
    }).createProductOrder(order);
    const broken = await make({ token: 'a\r\nX-Injected: 1' }).createProductOrder(order);
    expect([failing, broken].map((r) => !r.ok && r.kind)).toEqual(['token', 'token']);
    expect((await s.outcomes()).length).toBe(before);
  });

  it('creates, lists with fields, offset and limit and the counts, and retrieves in-flight changes', async () => {
    const api = make();
    const created = await api.createInflightChange(change);
    expect(created.ok && created.status === 201 && [created.status, created.value.state]).toEqual([
      201,
      'acknowledged',
    ]);
    await api.createInflightChange(change);
    const page = await api.listInflightChanges({ fields: ['state'], offset: 1, limit: 1 });
    expect(page.ok && [page.value.length, page.total, page.count, Object.keys(page.value[0] ?? {}).sort()]).toEqual([
      1,
      2,
      1,
      ['@type', 'id', 'state'],
    ]);
    const id = created.ok && created.status === 201 ? String(created.value.id) : '';
    const one = await api.retrieveInflightChange(id, { fields: ['category'] });
    expect(one.ok && [one.value.id, one.value.category]).toEqual([id, change.category]);
    const none = await api.retrieveInflightChange('no such/id?');
    expect(!none.ok && none.kind === 'status' && [none.status, none.error?.code]).toEqual([404, 'not_found']);
  });

  it('loads as CommonJS too', () => {
    expect(typeof cjs.createProductOrderClient).toBe('function');
  });
});

/** The routes on `name` with callbackTimeoutMs 300 and a store that takes `delayMs`, pushing each order's description to `stored`. */
async function slowStore(name: string, delayMs: number, stored: string[]): Promise<Running> {
  const start = apps[name];
  if (!start) throw new Error(`no app ${name}`);
  return start('raw', {
    callbackTimeoutMs: 300,
    onProductOrder: (o: Any) =>
      new Promise((resolve) => {
        setTimeout(() => {
          stored.push(o.description);
          resolve({ ...createdOrder(o), id: `PO-${stored.length}` });
        }, delayMs);
      }),
  });
}

describe.each(['express', 'fastify', 'hono'])(
  'a create stored once, whatever retries: the client against %s with a store slower than callbackTimeoutMs',
  (name) => {
    const stored: string[] = [];
    let app: Running;
    beforeAll(async () => {
      app = await slowStore(name, 1500, stored);
    });
    afterAll(() => app.close());

    it("stores the order once and ends with its 201, with the client's defaults (regression: stored three times)", async () => {
      const api = client.createProductOrderClient({ baseUrl: app.base, token: 'good' });
      const result = await api.createProductOrder({ ...order, description: 'client' });
      expect(result.ok && [result.status, result.value?.id, result.attempts]).toEqual([201, 'PO-1', 3]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stored).toEqual(['client']);
    });

    it("stores an in-flight change once when it is sent again with the caller's own key", async () => {
      const api = client.createProductOrderClient({ baseUrl: app.base, token: 'good' });
      const first = await api.createInflightChange(change, { idempotencyKey: 'outbox-1' });
      const again = await api.createInflightChange(change, { idempotencyKey: 'outbox-1' });
      const listed = await api.listInflightChanges();
      expect([first.ok && first.value?.id, again.ok && again.value?.id, listed.ok && listed.value.length]).toEqual([
        'C-1',
        'C-1',
        1,
      ]);
    });

    it('answers 503 saying it may have been taken, 409 while the first runs, 422 for another body, then replays the 201, to a key with parameters too; a key sent twice is told so', async () => {
      const post = (body: unknown, key: string) =>
        fetch(`${app.base}/productOrder`, {
          method: 'POST',
          headers: { authorization: 'Bearer good', 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
        });
      const json = (response: Response): Promise<Any> => response.json();
      const body = { ...order, description: 'raw' };
      const first = await post(body, '"raw-1"');
      expect([first.status, first.headers.get('retry-after')]).toEqual([503, '1']);
      expect((await json(first)).message).toMatch(/may have been taken/);
      const running = await post(body, '"raw-1"');
      expect([running.status, running.headers.get('retry-after'), (await json(running)).code]).toEqual([
        409,
        '1',
        'conflict',
      ]);
      const other = await post({ ...body, description: 'other' }, '"raw-1"');
      expect([other.status, (await json(other)).code]).toEqual([422, 'unprocessable_content']);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const replay = await post(body, '"raw-1"');
      expect([replay.status, (await json(replay)).id]).toEqual([201, 'PO-2']);
      expect(stored.filter((id) => id === 'raw')).toHaveLength(1);
      const malformed = await post(body, 'raw-1');
      expect([malformed.status, (await json(malformed)).message]).toEqual([
        400,
        'Idempotency-Key must be a quoted string: Idempotency-Key: "…".',
      ]);
      const huge = await post(body, `"${'k'.repeat(8000)}"`);
      expect([huge.status, (await json(huge)).message]).toEqual([
        400,
        'Idempotency-Key is longer than 255 characters.',
      ]);
      const twice = await post(body, '"raw-1", "raw-1"');
      expect([twice.status, (await json(twice)).message]).toEqual([
        400,
        'The header Idempotency-Key is sent more than once: send it once.',
      ]);
      const parameters = await post(body, '"raw-1"; v=1');
      expect([parameters.status, (await json(parameters)).id]).toEqual([201, 'PO-2']);
      expect(stored.filter((id) => id === 'raw')).toHaveLength(1);
    });
  },
);

describe.each(['express', 'fastify', 'hono'])(
  'a create whose retries are spent: the client against %s with a store slower than all its tries',
  (name) => {
    const stored: string[] = [];
    let app: Running;
    beforeAll(async () => {
      app = await slowStore(name, 2500, stored);
    });
    afterAll(() => app.close());

    it('gives the key it sent and says the retries are spent, and the same key later gets the one stored order (regression: the key was lost, a second call stored the order twice)', async () => {
      const api = client.createProductOrderClient({ baseUrl: app.base, token: 'good' });
      const body = { ...order, description: 'spent' };
      const first = await api.createProductOrder(body);
      expect(!first.ok && first.kind === 'status' && [first.status, first.attempts]).toEqual([409, 3]);
      expect(!first.ok && first.kind === 'status' && first.message).toMatch(/retries are spent.*same idempotencyKey/);
      expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
      const again = await api.createProductOrder(body, { idempotencyKey: first.idempotencyKey });
      expect(again.ok && [again.status, again.value?.id, again.idempotencyKey]).toEqual([
        201,
        'PO-1',
        first.idempotencyKey,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stored).toEqual(['spent']);
    });
  },
);

describe('the client against the Express example server as it ships', () => {
  let server: ExampleServer;
  beforeAll(async () => {
    server = await startExampleServer(inject('consumer'), {}, 'express');
  });
  afterAll(() => server?.process.kill());

  it('creates, refuses, lists and retrieves, with the demo tokens', async () => {
    const admin = client.createProductOrderClient({ baseUrl: `${server.base}/api`, token: 'demo-admin', lang: 'de' });
    const reader = client.createProductOrderClient({ baseUrl: `${server.base}/api`, token: 'demo-reader' });
    const created = await admin.createProductOrder(order);
    const refused = await admin.createProductOrder(invalid, { validate: false });
    const forbidden = await reader.createInflightChange(change);
    const change1 = await admin.createInflightChange(change);
    const listed = await reader.listInflightChanges({ limit: 10 });
    const missing = await reader.retrieveInflightChange('none');
    const status = (r: { ok: boolean; status?: number }) => r.status;
    expect([created, refused, forbidden, change1, listed, missing].map(status)).toEqual([201, 400, 403, 201, 200, 404]);
    expect(created.ok && created.status === 201 && created.value.state).toBe('acknowledged');
    expect(!refused.ok && refused.kind === 'status' && refused.error?.message).toMatch(
      /^Der Produktauftrag im Inhalt verletzt/,
    );
  });
});

describe('the client, problem details', () => {
  let s: Awaited<ReturnType<typeof service>>;
  beforeAll(async () => {
    s = await service({ errorFormat: 'problem', maxBodyBytes: 4096 });
  });
  afterAll(() => s.app.close());

  it('reads an error answered as RFC 9457 problem details', async () => {
    const api = client.createProductOrderClient({ baseUrl: s.app.base, token: 'good' });
    const result = await api.createProductOrder(invalid, { validate: false });
    expect(!result.ok && result.kind === 'status' && [result.status, result.problem?.errors?.[0]?.pointer]).toEqual([
      400,
      '#/category',
    ]);
  });

  it('reads a 413 of a body over the service limit', async () => {
    const api = client.createProductOrderClient({ baseUrl: s.app.base, token: 'good' });
    const result = await api.createProductOrder({ ...order, description: 'x'.repeat(200) }, { validate: false });
    const large = { ...order, note: Array.from({ length: 40 }, (_, i) => ({ text: `note ${i} ${'x'.repeat(100)}` })) };
    const over = await api.createProductOrder(large, { validate: false });
    expect(!over.ok && over.kind === 'status' && [over.status, over.problem?.status]).toEqual([413, 413]);
    expect(result.ok || result.kind === 'status').toBe(true);
  });
});

describe('the client, hostile answers and inputs', () => {
  /** A fetch that answers every request with `response`, counting the calls. */
  const answering = (response: () => Response) => {
    const sent: string[] = [];
    const fake = async (url: Any) => {
      sent.push(String(url));
      return response();
    };
    return { sent, fetch: fake as typeof fetch };
  };
  const make = (fake: typeof fetch, options: Record<string, unknown> = {}) =>
    client.createProductOrderClient({ baseUrl: 'http://127.0.0.1:9/api', token: 't', fetch: fake, ...options });

  it('refuses a baseUrl that is no absolute http(s) address, or carries a password, when it is made', () => {
    for (const baseUrl of ['', 'api/v1', 'ftp://x', 'http://x/?a=1', 'http://user:pw@x/api', undefined, {}])
      expect(() => client.createProductOrderClient({ baseUrl } as Any)).toThrow(TypeError);
  });

  it('refuses a limit out of its range when it is made, naming the option (regression: it took the default)', () => {
    for (const [name, value] of [
      ['retries', 11],
      ['retries', 0.5],
      ['timeoutMs', 0],
      ['timeoutMs', 700_000],
      ['maxRetryDelayMs', -1],
      ['maxResponseBytes', Number.NaN],
    ] as const)
      expect(() => client.createProductOrderClient({ baseUrl: 'http://x', [name]: value })).toThrow(
        new RegExp(`^createProductOrderClient: ${name} must be a whole number`),
      );
  });

  it('gives unexpected for a 201 that is not the created resource: text, or without a field it requires (regression: any object passed)', async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      [
        new Response(JSON.stringify({ ...createdOrder(order), id: 'x' }), {
          status: 201,
          headers: { 'content-type': 'text/plain' },
        }),
        /no ProductOrder as JSON/,
      ],
      [new Response('{"hello":"world"}', { status: 201, headers: json }), /lacks @type, category, creationDate/],
    ] as const;
    for (const [response, message] of cases) {
      const result = await make(answering(() => response).fetch).createProductOrder(order);
      expect(!result.ok && result.kind === 'unexpected' && result.message).toMatch(message);
    }
    const fine = await make(
      answering(() => new Response(JSON.stringify(createdOrder(order)), { status: 201, headers: json })).fetch,
    ).createProductOrder(order);
    expect(fine.ok && fine.kind).toBe('success');
  });

  it('keeps the first 4,096 characters of an error body that is neither an ErrorMessage nor problem details', async () => {
    const page = `<html>${'x'.repeat(10_000)}</html>`;
    const { fetch } = answering(() => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } }));
    const result = await make(fetch).listInflightChanges();
    expect(!result.ok && result.kind === 'status' && [result.status, result.error, result.text?.length]).toEqual([
      502,
      undefined,
      4096,
    ]);
  });

  it('does not take a Retry-After that is no delay and no HTTP date (regression: -5 was read as a date, and retried)', async () => {
    const { sent, fetch } = answering(() => new Response('{}', { status: 503, headers: { 'retry-after': '-5' } }));
    const result = await make(fetch).listInflightChanges();
    expect([!result.ok && result.kind === 'status' && result.retryAfterMs, sent.length]).toEqual([undefined, 1]);
  });

  it('stops reading an answer over maxResponseBytes, streamed without a length', async () => {
    let pulled = 0;
    const stream = () =>
      new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024));
          if (pulled > 10_000) controller.close();
        },
      });
    const { fetch } = answering(() => new Response(stream(), { status: 201 }));
    const result = await make(fetch, { maxResponseBytes: 1024 * 1024 }).createProductOrder(order);
    expect(!result.ok && result.kind).toBe('too_large');
    expect(pulled).toBeLessThan(40);
  });

  it('gives unexpected for a 201 whose body is no JSON object, and for answers not of the contract', async () => {
    for (const body of ['not json', '[1]', 'null', '"text"']) {
      const { fetch } = answering(() => new Response(body, { status: 201 }));
      const result = await make(fetch).createProductOrder(order);
      expect(!result.ok && result.kind === 'unexpected' && result.status).toBe(201);
    }
    const { fetch } = answering(() => new Response('{"a":1}', { status: 200 }));
    expect(await make(fetch).listInflightChanges()).toMatchObject({ ok: false, kind: 'unexpected', status: 200 });
  });

  it('gives network when no server listens, with its cause ECONNREFUSED, and never throws (regression: it said "fetch failed" only)', async () => {
    const server: Server = createServer();
    server.listen(0, '127.0.0.1');
    const port = await listening(server);
    await closing(server);
    const api = client.createProductOrderClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't' });
    const result = await api.listInflightChanges();
    expect(!result.ok && result.kind).toBe('network');
    expect(!result.ok && result.kind === 'network' && result.code).toBe('ECONNREFUSED');
    expect(!result.ok && result.kind === 'network' && result.message).toMatch(
      /fetch failed \(ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+\)/,
    );
  });

  /** A fetch that answers each request with the next of `statuses` (the last again), keeping the Idempotency-Key of each. */
  const keyed = (...statuses: [number, Record<string, string>?][]) => {
    const keys: (string | undefined)[] = [];
    const fake = async (_url: Any, init: Any) => {
      keys.push(init.headers['idempotency-key']);
      const [status, headers] = statuses[Math.min(keys.length, statuses.length) - 1] ?? [500];
      return new Response(status === 201 ? JSON.stringify(createdOrder(order)) : '{}', {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    };
    return { keys, fetch: fake as typeof fetch };
  };

  it('sends an Idempotency-Key on every create, a new one per call and the same on each retry (regression: a retried create was stored again)', async () => {
    const { keys, fetch } = keyed([503, { 'retry-after': '0' }], [503, { 'retry-after': '0' }], [201]);
    const first = await make(fetch).createProductOrder(order);
    expect(first.ok && [first.status, first.attempts]).toEqual([201, 3]);
    await make(fetch).createInflightChange(change);
    expect(keys[0]).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("sends the caller's own key as an sf-string, and sends nothing for a key no header can carry", async () => {
    const { keys, fetch } = keyed([201]);
    const own = await make(fetch).createProductOrder(order, { idempotencyKey: 'outbox-"17"' });
    expect([own.ok, keys]).toEqual([true, ['"outbox-\\"17\\""']]);
    for (const idempotencyKey of ['', 'ü', 'k'.repeat(256)]) {
      const refused = await make(fetch).createProductOrder(order, { idempotencyKey });
      expect(!refused.ok && refused.kind === 'unexpected' && refused.message).toMatch(/idempotencyKey/);
    }
    expect(keys).toHaveLength(1);
  });

  it('never tries a create without a key again: idempotencyKey false sends none, and a 503 with Retry-After is the answer', async () => {
    const { keys, fetch } = keyed([503, { 'retry-after': '0' }], [201]);
    const result = await make(fetch).createProductOrder(order, { idempotencyKey: false });
    expect([!result.ok && result.kind === 'status' && result.status, keys]).toEqual([503, [undefined]]);
  });

  it('tries a create again on a 409 with Retry-After (its first try still served), not on a 409 without', async () => {
    const running = keyed([409, { 'retry-after': '0' }], [201]);
    const result = await make(running.fetch).createProductOrder(order);
    expect(result.ok && [result.status, result.attempts]).toEqual([201, 2]);
    const conflict = keyed([409], [201]);
    const refused = await make(conflict.fetch).createProductOrder(order);
    expect(!refused.ok && refused.kind === 'status' && [refused.status, refused.attempts]).toEqual([409, 1]);
    const list = keyed([409, { 'retry-after': '0' }], [200]);
    const listed = await make(list.fetch).listInflightChanges();
    expect(!listed.ok && listed.kind === 'status' && listed.status).toBe(409);
  });

  it('does not send an order with a cycle, validated or not', async () => {
    const { sent, fetch } = answering(() => new Response('{}', { status: 201 }));
    const cyclic: Any = { ...order };
    cyclic.self = cyclic;
    const checked = await make(fetch).createProductOrder(cyclic);
    const unchecked = await make(fetch).createProductOrder(cyclic, { validate: false });
    expect([checked.ok, !unchecked.ok && unchecked.kind, sent.length]).toEqual([false, 'unexpected', 0]);
  });

  it('stops a wait for Retry-After when the call is aborted', async () => {
    const { sent, fetch } = answering(() => new Response('{}', { status: 503, headers: { 'retry-after': '30' } }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await make(fetch).listInflightChanges({ signal: controller.signal });
    expect([!result.ok && result.kind, sent.length]).toEqual(['aborted', 1]);
  });

  it('tries again at most `retries` times', async () => {
    const { sent, fetch } = answering(() => new Response('{}', { status: 429, headers: { 'retry-after': '0' } }));
    const result = await make(fetch, { retries: 3 }).listInflightChanges();
    expect([!result.ok && result.kind === 'status' && result.attempts, sent.length]).toEqual([4, 4]);
  });

  it('sends the query of a list as given, a limit the service refuses too, and the id of a retrieve %-encoded (regression: a negative limit was dropped)', async () => {
    const { sent, fetch } = answering(() => new Response('[]', { status: 200 }));
    await make(fetch).listInflightChanges({ fields: ['state', 'id'], offset: 5, limit: 10 });
    await make(fetch).listInflightChanges({ limit: -1, offset: 1.5 });
    await make(fetch).retrieveInflightChange('a/b?c');
    expect(sent).toEqual([
      'http://127.0.0.1:9/api/inflightChangeProductOrder?fields=state,id&offset=5&limit=10',
      'http://127.0.0.1:9/api/inflightChangeProductOrder?offset=1.5&limit=-1',
      'http://127.0.0.1:9/api/inflightChangeProductOrder/a%2Fb%3Fc',
    ]);
  });

  it("checks with a carrier's validator, its own rules' violations typed (regression: createValidator with rules did not type-check)", async () => {
    const { createValidator } = await import(
      pathToFileURL(
        createRequire(join(inject('consumer'), 'package.json')).resolve('product-order-validator'),
      ).href.replace(/\.cjs$/, '.js')
    );
    const carrier = createValidator({
      rules: [
        {
          id: 'X-description',
          title: 'An order has a description.',
          check: (o: Any) =>
            o?.description ? [] : [{ rule: 'X-description', code: 'description_missing', path: '', params: {} }],
        },
      ],
      messages: { de: { description_missing: () => 'Beschreibung fehlt.' } },
    });
    const { sent, fetch } = answering(() => new Response('{}', { status: 201 }));
    const result = await make(fetch, { validator: carrier, lang: 'de' }).createProductOrder({
      ...order,
      description: undefined,
    });
    expect(!result.ok && result.kind === 'invalid' && result.violations.map((v) => [v.rule, v.message])).toEqual([
      ['X-description', 'Beschreibung fehlt.'],
    ]);
    expect(sent).toEqual([]);
  });
});
