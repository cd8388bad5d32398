// The adapters as a service uses them: Express, Fastify and Hono installed beside the packed package,
// productOrderRoutes mounted under a prefix, called over real loopback sockets for every status of the
// contract, with a body read by the routes and one a framework parsed first, and hostile clients.
// Every loop is bounded in count and time.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, createdOrder, expectError, frameworks, loadFrameworks, prefix, type Running } from './apps.js';
import { contractFaults, recordAnswers } from './contract.js';
import { holdsResponse, rawRequest, requestText, responseOf } from './socket.js';

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
});

const recording = recordAnswers(prefix);

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const event = JSON.stringify({
  eventId: 'E-1',
  eventType: 'AppointmentCreateEvent',
  event: { appointment: { id: 'A-1' } },
});
const good = { authorization: 'Bearer good' };
const json = { ...good, 'content-type': 'application/json' };

for (const [name, start] of Object.entries(apps)) {
  for (const variant of ['raw', 'parsed'] as const) {
    describe(`${name}, ${variant === 'raw' ? 'the routes reading the body' : 'a body the framework parsed first'}`, () => {
      let app: Running;
      beforeAll(async () => {
        app = await start(variant);
      });
      afterAll(() => app?.close());
      const post = (path: string, body: string, headers: Record<string, string> = json) =>
        fetch(`${app.base}${path}`, { method: 'POST', headers, body });

      it('creates a product order: 201 with what onProductOrder returned and Location; the context has the operation and language', async () => {
        const response = await post('/productOrder', order, { ...json, 'accept-language': 'de-DE, en;q=0.5' });
        expect(response.status).toBe(201);
        expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8');
        expect(response.headers.get('location')).toBe(`${prefix}/productOrder/PO-1`);
        expect(await response.json()).toEqual({
          ...createdOrder(JSON.parse(order)),
          id: 'PO-1',
          lang: 'de',
          operation: 'createProductOrder',
          hasRequest: true,
        });
      });

      it('refuses an invalid product order with 400, every violation listed and the cause named, in English or German', async () => {
        const broken = JSON.parse(order);
        delete broken.category;
        broken.relatedParty = 'none';
        const body = await expectError(await post('/productOrder', JSON.stringify(broken)), 400, 'invalid_request');
        expect(body.message).toMatch(/^The product order in the body breaks the specification\. \/: /);
        expect(body.violations.map((v: Any) => [v.rule, v.code, v.path])).toEqual([
          ['R-field', 'required', ''],
          ['R-field', 'wrong_type', '/relatedParty'],
        ]);
        const german = await post('/productOrder', JSON.stringify(broken), { ...json, 'accept-language': 'de' });
        expect(german.headers.get('content-language')).toBe('de');
        expect(((await german.json()) as Any).message).toMatch(
          /^Der Produktauftrag im Inhalt verletzt die Spezifikation\./,
        );
      });

      it('keeps no WeakMap entry per request (regression: one per Fastify request made every young-generation collection six times slower)', async () => {
        const weakSet = WeakMap.prototype.set;
        let entries = 0;
        WeakMap.prototype.set = function counted(this: WeakMap<object, unknown>, key, value) {
          entries++;
          return weakSet.call(this, key, value);
        };
        // a clean order, one with a near miss (a hint) and one refused (its violations for onOutcome)
        const bodies = [order, JSON.stringify({ ...JSON.parse(order), priorty: '1' }), '{}'];
        const counts: number[] = [];
        const statuses = new Set<number>();
        try {
          for (const requests of [10, 30]) {
            entries = 0;
            for (let i = 0; i < requests; i++)
              for (const body of bodies) statuses.add((await post('/productOrder', body)).status);
            counts.push(entries);
          }
        } finally {
          WeakMap.prototype.set = weakSet;
        }
        expect([...statuses]).toEqual([201, 400]);
        // what the client, the framework and the package set per request: the same for 10 requests and 30
        expect(counts[1]).toBe(counts[0]);
      });

      it('answers malformed and empty JSON with 400 invalid_json, the message naming the JSON', async () => {
        for (const text of ['{"category": ', '']) {
          const body = await expectError(await post('/productOrder', text), 400, 'invalid_request');
          expect(body.violations[0]).toMatchObject({ rule: 'R-body', code: 'invalid_json', path: '' });
          expect(body.message).toMatch(/^The body is not valid JSON\./);
        }
      });

      it('serves the in-flight change API: 201 with Location, 202, 409 and 500 from the store, list and retrieve with fields, offset, limit and the count headers', async () => {
        const created = await post('/inflightChangeProductOrder', change);
        expect(created.status).toBe(201);
        const resource: Any = await created.json();
        expect(created.headers.get('location')).toBe(`${prefix}/inflightChangeProductOrder/${resource.id}`);
        await post('/inflightChangeProductOrder', change);
        const with_ = (description: string) => JSON.stringify({ ...JSON.parse(change), description });
        const later = await post('/inflightChangeProductOrder', with_('later'));
        expect([later.status, await later.text()]).toEqual([202, '']);
        await expectError(await post('/inflightChangeProductOrder', with_('conflict')), 409, 'conflict');
        const crashed = await expectError(
          await post('/inflightChangeProductOrder', with_('crash')),
          500,
          'internal_error',
        );
        expect(JSON.stringify(crashed)).not.toContain('secret');
        expect(app.errors.map(String)).toContain('Error: secret detail');

        const page = await fetch(`${app.base}/inflightChangeProductOrder?offset=1&limit=1&fields=state`, {
          headers: good,
        });
        expect(page.status).toBe(200);
        expect(page.headers.get('x-total-count')).toBe('2');
        expect(page.headers.get('x-result-count')).toBe('1');
        expect(await page.json()).toEqual([
          { '@type': 'InflightChangeProductOrder', id: 'C-2', state: 'acknowledged' },
        ]);

        const one = await fetch(`${app.base}/inflightChangeProductOrder/${resource.id}?fields=state`, {
          headers: good,
        });
        expect(await one.json()).toEqual({
          '@type': 'InflightChangeProductOrder',
          id: resource.id,
          state: 'acknowledged',
        });
        await expectError(
          await fetch(`${app.base}/inflightChangeProductOrder/nope`, { headers: good }),
          404,
          'not_found',
        );
        const query = await expectError(
          await fetch(`${app.base}/inflightChangeProductOrder?limit=-1&offset=x`, { headers: good }),
          400,
          'invalid_request',
        );
        expect(query.message).toMatch(/^A query parameter is invalid\./);
      });

      it('speaks of the change request in the violations of an in-flight change', async () => {
        const body = await expectError(await post('/inflightChangeProductOrder', '{}'), 400, 'invalid_request');
        expect(body.message).toMatch(/^The change request in the body breaks the specification\./);
        expect(body.violations[0].message).toMatch(/^The change request lacks/);
        expect(body.message).not.toMatch(/The order/);
      });

      it('receives each of the six listeners: 204 with no body, onEvent called; 400 for an invalid event', async () => {
        const before = app.events.length;
        for (const type of [
          'appointmentAttributeValueChangeEvent',
          'appointmentCreateEvent',
          'appointmentDeleteEvent',
          'appointmentStateChangeEvent',
          'searchTimeSlotAttributeValueChangeEvent',
          'searchTimeSlotStateChangeEvent',
        ]) {
          const payload = type.startsWith('appointment') ? 'appointment' : 'searchTimeSlot';
          const response = await post(`/listener/${type}`, JSON.stringify({ event: { [payload]: { id: 'X' } } }));
          expect([type, response.status, await response.text()]).toEqual([type, 204, '']);
        }
        expect(app.events.length).toBe(before + 6);
        const bad = await expectError(
          await post('/listener/appointmentCreateEvent', '{"event": {}}'),
          400,
          'invalid_request',
        );
        expect(bad.message).toMatch(/^The event in the body breaks the specification\./);
        await expectError(
          await post('/listener/appointmentCreateEvent', event, { 'content-type': 'application/json' }),
          401,
          'unauthorized',
        );
      });

      it('answers 401 without or with an invalid token, 403 without permission, 405 with Allow, 406 and 415', async () => {
        const missing = await expectError(
          await post('/productOrder', order, { 'content-type': 'application/json' }),
          401,
          'unauthorized',
        );
        expect(missing).toBeDefined();
        const invalid = await post('/productOrder', order, { ...json, authorization: 'Bearer forged' });
        expect(invalid.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
        await expectError(invalid, 401, 'unauthorized');
        await expectError(
          await post('/productOrder', order, { ...json, authorization: 'Bearer reader' }),
          403,
          'forbidden',
        );
        const wrong = await fetch(`${app.base}/inflightChangeProductOrder/C-1`, { method: 'DELETE', headers: good });
        expect(wrong.headers.get('allow')).toBe('GET, HEAD');
        await expectError(wrong, 405, 'method_not_allowed');
        await expectError(
          await fetch(`${app.base}/inflightChangeProductOrder`, { headers: { ...good, accept: 'text/html' } }),
          406,
          'not_acceptable',
        );
        await expectError(
          await post('/productOrder', order, { ...good, 'content-type': 'text/plain' }),
          415,
          'unsupported_media_type',
        );
      });

      it('answers HEAD as GET without the body, and OPTIONS with 405 and the Allow checkRequest gives, before the token', async () => {
        const get = await fetch(`${app.base}/inflightChangeProductOrder`, { headers: good });
        const text = await get.text();
        const head = await fetch(`${app.base}/inflightChangeProductOrder`, { method: 'HEAD', headers: good });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
        expect(head.headers.get('x-total-count')).toBe(get.headers.get('x-total-count'));
        expect(await head.text()).toBe('');
        for (const [path, allow] of [
          ['/inflightChangeProductOrder', 'GET, HEAD, POST'],
          ['/productOrder', 'POST'],
          ['/listener/appointmentCreateEvent', 'POST'],
        ]) {
          const options = await fetch(`${app.base}${path}`, { method: 'OPTIONS' });
          expect([path, options.status, options.headers.get('allow')]).toEqual([path, 405, allow]);
        }
      });

      it('lists at most 20 violations of a 1 MB body of faults, in an answer under 10 KB', async () => {
        const faults = JSON.stringify({ ...JSON.parse(order), note: Array(200_000).fill(0) });
        expect(faults.length).toBeGreaterThan(400_000);
        const response = await post('/productOrder', faults);
        const text = await response.text();
        expect(response.status).toBe(400);
        expect(text.length).toBeLessThan(10_000);
        const body = JSON.parse(text);
        expect(body.violations).toHaveLength(20);
        expect(body.truncated.more).toBeGreaterThan(0);
      });

      it('refuses a body nested 5,000 deep with 400 and keeps serving', async () => {
        const deep = `{"category": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
        const response = await post('/productOrder', deep);
        expect(response.status).toBe(400);
        expect((await response.text()).length).toBeLessThan(deep.length);
        expect((await post('/productOrder', order)).status).toBe(201);
      });

      // a parser that runs before the routes reads every body before the token is checked
      it.skipIf(variant === 'parsed' && name !== 'fastify')(
        'answers a slow body without a token with 401 at once, closes the connection soon, and keeps serving',
        async () => {
          const head = `POST ${prefix}/productOrder HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
          let trickle: ReturnType<typeof setInterval> | undefined;
          const got = await rawRequest(app.port, head, 8000, (data, write) => {
            if (!trickle && data.includes('\r\n\r\n')) trickle = setInterval(() => write(' '), 50);
          });
          clearInterval(trickle);
          expect(got.data).toMatch(/^HTTP\/1\.1 401 /);
          expect(got.closed).toBe(true);
          expect(got.ms).toBeLessThan(6000);
          expect((await post('/productOrder', order)).status).toBe(201);
        },
      );
    });
  }

  describe(`${name}, callbacks that never settle (regression: no answer for more than 330 s, no 5xx, no onError)`, () => {
    let app: Running;
    const never = new Promise<never>(() => undefined);
    const lates: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
    const later = () => new Promise((resolve, reject) => lates.push({ resolve, reject }));
    /** What a callback does, by the token of the request. */
    const by = (token: string, value: unknown) => (token === 'hang' ? never : token === 'late' ? later() : value);
    beforeAll(async () => {
      app = await start('raw', {
        callbackTimeoutMs: 200,
        authorize: (token: string) => (token === 'hang-authorize' ? never : true),
        onProductOrder: (_: unknown, { token }: Any) => by(token, { ...createdOrder(JSON.parse(order)), id: 'PO-1' }),
        inflight: {
          create: (_: unknown, { token }: Any) => by(token, undefined),
          list: (_: unknown, { token }: Any) => by(token, []),
          retrieve: (_: unknown, { token }: Any) => by(token, undefined),
        },
        onEvent: (_: unknown, { token }: Any) => by(token, undefined),
      });
    });
    afterAll(() => app?.close());

    const request = (method: string, path: string, token: string, body = '', connection = 'close') =>
      requestText(
        method,
        `${prefix}${path}`,
        { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Connection: connection },
        body,
      );

    it.each([
      ['authorize', 'POST', '/productOrder', 'hang-authorize', order, 'application/json;charset=utf-8'],
      ['onProductOrder', 'POST', '/productOrder', 'hang', order, 'application/json;charset=utf-8'],
      ['inflight.create', 'POST', '/inflightChangeProductOrder', 'hang', change, 'application/json;charset=utf-8'],
      ['inflight.list', 'GET', '/inflightChangeProductOrder', 'hang', '', 'application/json;charset=utf-8'],
      ['inflight.retrieve', 'GET', '/inflightChangeProductOrder/C-1', 'hang', '', 'application/json;charset=utf-8'],
      ['onEvent', 'POST', '/listener/appointmentCreateEvent', 'hang', event, 'application/json'],
    ])(
      'answers 503 with Retry-After when %s never settles, onError hears it once, and the next request is answered',
      async (callback, method, path, token, body, type) => {
        const before = app.errors.length;
        const got = await rawRequest(app.port, request(method, path, token, body), 5000);
        const { status, headers, body: answer } = responseOf(got.data);
        expect([status, headers['retry-after'], headers['content-type'], (answer as Any).code]).toEqual([
          503,
          '1',
          type,
          'service_unavailable',
        ]);
        expect(got.ms).toBeLessThan(3000); // the limit of 200 ms, not the default 5 s
        expect(app.errors.slice(before)).toEqual([expect.objectContaining({ name: 'CallbackTimeoutError', callback })]);
        const next = await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body: order });
        expect(next.status).toBe(201);
      },
    );

    it('ignores a callback that settles after the answer: one answer on the connection, onError once, no unhandled rejection', async () => {
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        for (const [method, path, body, settle] of [
          ['POST', '/productOrder', order, (late: (typeof lates)[number]) => late.resolve({ id: 'PO-late' })],
          ['GET', '/inflightChangeProductOrder', '', (late: (typeof lates)[number]) => late.reject(new Error('late'))],
        ] as const) {
          const before = app.errors.length;
          const following = request('GET', '/inflightChangeProductOrder', 'good');
          let settled = false;
          const got = await rawRequest(
            app.port,
            request(method, path, 'late', body, 'keep-alive'),
            5000,
            (data, write) => {
              if (settled || !holdsResponse(data)) return;
              settled = true;
              for (const late of lates.splice(0)) settle(late);
              // once the late settlement ran its course, a second request on the same connection
              setImmediate(() => write(following));
            },
          );
          expect(got.data.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 503', 'HTTP/1.1 200']);
          expect(app.errors.slice(before)).toEqual([expect.objectContaining({ name: 'CallbackTimeoutError' })]);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', record);
      }
      expect((await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body: order })).status).toBe(
        201,
      );
    });

    it('keeps the body time limit apart from the callbacks: a body that stalls gets 408, not 503', async () => {
      const stalled = { Authorization: 'Bearer good', 'Content-Type': 'application/json', 'Content-Length': '100' };
      const got = await rawRequest(app.port, requestText('POST', `${prefix}/productOrder`, stalled, '{'), 5000);
      expect(got.data).toMatch(/^HTTP\/1\.1 408 /);
    });
  });

  describe(`${name}, options and limits`, () => {
    let app: Running;
    beforeAll(async () => {
      app = await start('raw', { maxBodyBytes: 64 * 1024, errorFormat: 'problem', productOrderPath: '/orders' });
    });
    afterAll(() => app?.close());

    it('answers a body over the limit with 413, declared or not, and keeps serving', async () => {
      const big = JSON.stringify({ ...JSON.parse(order), note: Array(40_000).fill('x') });
      const declared = await fetch(`${app.base}/orders`, { method: 'POST', headers: json, body: big });
      expect(declared.status).toBe(413);
      expect(((await declared.json()) as Any).detail).toMatch(/65536 bytes/);
      const chunked = await rawRequest(
        app.port,
        `POST ${prefix}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer good\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(70_000).toString(16)}\r\n${'x'.repeat(70_000)}\r\n0\r\n\r\n`,
        3000,
      );
      expect(chunked.data).toMatch(/^HTTP\/1\.1 413 /);
      expect((await fetch(`${app.base}/orders`, { method: 'POST', headers: json, body: order })).status).toBe(201);
    });

    it('answers a body that stalls with 408', async () => {
      const got = await rawRequest(
        app.port,
        `POST ${prefix}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer good\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
        5000,
      );
      expect(got.data).toMatch(/^HTTP\/1\.1 408 /);
    });

    it('gives RFC 9457 problem details by option, with each violation as a pointer', async () => {
      const response = await fetch(`${app.base}/orders`, { method: 'POST', headers: json, body: '{}' });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const body: Any = await response.json();
      expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
      expect(body.detail).toBe('The product order in the body breaks the specification.');
      expect(body.errors[0]).toEqual({
        rule: 'R-field',
        code: 'required',
        params: { property: 'productOrderItem' },
        pointer: '#',
        detail: expect.stringMatching(/lacks/),
      });
      const refused = await fetch(`${app.base}/orders`, { method: 'POST', body: order });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
    });

    it('gives a store that pages itself the page size, at most 1,000 (regression: it got the raw limit and answered 1,500)', async () => {
      const asked: unknown[] = [];
      const items = Array.from({ length: 1500 }, (_, i) => ({ id: `C-${i}`, state: 'acknowledged' }));
      const paging = await start('raw', {
        inflight: {
          create: () => undefined,
          retrieve: () => undefined,
          list: (query: Any) => {
            asked.push({ offset: query.offset, limit: query.limit });
            return { items: items.slice(query.offset, query.offset + 5000), total: items.length };
          },
        },
        onProductOrder: () => undefined,
      });
      try {
        const all = await fetch(`${paging.base}/inflightChangeProductOrder?limit=5000`, { headers: good });
        expect([all.headers.get('x-total-count'), all.headers.get('x-result-count')]).toEqual(['1500', '1000']);
        expect(((await all.json()) as unknown[]).length).toBe(1000);
        await fetch(`${paging.base}/inflightChangeProductOrder`, { headers: good });
        expect(asked).toEqual([
          { offset: 0, limit: 1000 },
          { offset: 0, limit: 100 },
        ]);
        // an onProductOrder that returns nothing: 202, as a create that returns nothing
        const accepted = await fetch(`${paging.base}/productOrder`, { method: 'POST', headers: json, body: order });
        expect([accepted.status, await accepted.text()]).toEqual([202, '']);
      } finally {
        await paging.close();
      }
    });

    it('serves its paths as they are spelt: another case or a trailing slash is not one of them (regression: Express served both)', async () => {
      for (const path of ['/PRODUCTORDER', '/productOrder/', '/inflightChangeProductOrder/']) {
        const response = await fetch(`${app.base}${path}`, { method: 'POST', headers: json, body: order });
        expect([path, response.status]).toEqual([path, 404]);
      }
    });

    it('takes a validator made by createValidator: a carrier rule and its words', async () => {
      const { createValidator } = frameworks;
      const validator = createValidator({
        rules: [
          {
            id: 'C-note',
            title: 'A note is required.',
            check: (o: Any) =>
              Array.isArray(o?.note) ? [] : [{ rule: 'C-note', code: 'note_missing', path: '', params: {} }],
          },
        ],
        messages: { en: { note_missing: () => 'The order needs a note.' } },
      });
      const carrier = await start('raw', { validator });
      try {
        const response = await fetch(`${carrier.base}/productOrder`, { method: 'POST', headers: json, body: order });
        const body = await expectError(response, 400, 'invalid_request');
        expect(body.violations).toEqual([
          { rule: 'C-note', code: 'note_missing', path: '', params: {}, message: 'The order needs a note.' },
        ]);
      } finally {
        await carrier.close();
      }
    });
  });
}

describe('a framework parse error answered as an ErrorMessage', () => {
  it('Express: express.json() before the routes, malformed, too large and in another charset', async () => {
    const app = await apps.express('parsed');
    try {
      const post = (body: string, headers: Record<string, string> = json) =>
        fetch(`${app.base}/productOrder`, { method: 'POST', headers, body });
      const malformed = await expectError(await post('{'), 400, 'invalid_request');
      expect(malformed.violations[0]).toMatchObject({
        rule: 'R-body',
        code: 'invalid_json',
        params: { reason: 'syntax' },
      });
      const large = await expectError(await post(`"${'x'.repeat(3_000_000)}"`), 413, 'payload_too_large');
      expect(large.message).toMatch(/2097152 bytes/);
      await expectError(
        await post(order, { ...json, 'content-type': 'application/json; charset=latin1' }),
        415,
        'unsupported_media_type',
      );
      // another path's errors stay the app's
      const other = await fetch(app.base.replace(prefix, '/elsewhere'), { method: 'POST', headers: json, body: '{' });
      expect(other.headers.get('content-type')).toMatch(/^text\/html/);
    } finally {
      await app.close();
    }
  });

  it('Express: express.json() before the routes, a body in a content coding is 415 whether the parser inflated it or failed (regression: gzip gave 400 invalid_json)', async () => {
    const app = await apps.express('parsed');
    try {
      const { gzipSync } = await import('node:zlib');
      for (const [coding, body] of [
        ['gzip', gzipSync(change)],
        ['gzip', Buffer.from(change)],
        ['br', Buffer.from(change)],
      ] as const) {
        const headers = { ...json, 'content-encoding': coding };
        const response = await fetch(`${app.base}/inflightChangeProductOrder`, { method: 'POST', headers, body });
        await expectError(response, 415, 'unsupported_media_type');
      }
    } finally {
      await app.close();
    }
  });

  it('Express: an id that is no valid %-encoding', async () => {
    const app = await apps.express('raw');
    try {
      await expectError(
        await fetch(`${app.base}/inflightChangeProductOrder/%E0%A4%A`, { headers: good }),
        400,
        'invalid_request',
      );
    } finally {
      await app.close();
    }
  });
});

describe('the answers of every test above', () => {
  it('are those the OpenAPI document describes, under openapi-response-validator', async () => {
    await recording.done();
    const checked = recording.answers.map(contractFaults);
    const described = checked.filter((faults) => faults !== 'skipped');
    expect(described.length).toBeGreaterThan(200);
    // one line per kind of fault, with how often it came
    const kinds = new Map<string, number>();
    for (const fault of described.flat()) kinds.set(fault, (kinds.get(fault) ?? 0) + 1);
    expect([...kinds].map(([fault, n]) => `${n}× ${fault}`)).toEqual([]);
  });
});
