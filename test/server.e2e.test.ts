// End to end over real HTTP: examples/server/server.mjs run by node from a project that installed the
// packed tarball, on an ephemeral loopback port, called with fetch and node:http.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startExampleServer } from './example-server.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read as the JSON they are
type Json = any;
const bodyOf = (response: Response): Promise<Json> => response.json();

let server: ChildProcess;
let base = '';
let output: string[] = [];

beforeAll(async () => {
  const started = await startExampleServer(inject('consumer'));
  ({ base, output } = started);
  server = started.process;
});

afterAll(() => {
  server?.kill();
});

const admin = { authorization: 'Bearer demo-admin' };
const json = { ...admin, 'content-type': 'application/json;charset=utf-8' };
const read = (path: string) => readFileSync(path, 'utf8');
const validChange = read('examples/inflight/valid/change-contacts.json');

const create = (body: string, headers: Record<string, string> = json) =>
  fetch(`${base}/inflightChangeProductOrder`, { method: 'POST', headers, body });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await bodyOf(response);
  expect(body).toMatchObject({ '@type': 'Error', code, status: String(status) });
  return body;
}

describe('the product order create (regression: the example served no POST /productOrder)', () => {
  const order = read('examples/orders/valid/new-kvz-local-loop.json');
  const post = (body: string, headers: Record<string, string> = json) =>
    fetch(`${base}/productOrder`, { method: 'POST', headers, body });

  it('creates: 201 with Location and the created product order', async () => {
    const response = await post(order);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const body = await bodyOf(response);
    expect(body).toMatchObject({
      '@type': 'ProductOrder',
      state: 'acknowledged',
      category: JSON.parse(order).category,
    });
    expect(response.headers.get('location')).toBe(`/productOrder/${body.id}`);
  });

  it('answers 400 listing violations, 400 to malformed JSON, 401, 403, 405, 406 and 415 in the order of the contract', async () => {
    const invalid = await expectError(await post('{}'), 400, 'invalid_request');
    expect(invalid.violations[0]).toMatchObject({ rule: 'R-field', code: 'required' });
    const malformed = await expectError(await post('{"category": '), 400, 'invalid_request');
    expect(malformed.violations[0]).toMatchObject({ rule: 'R-body', code: 'invalid_json' });
    await expectError(await post('{', { 'content-type': 'application/json' }), 401, 'unauthorized');
    const reader = { authorization: 'Bearer demo-reader', 'content-type': 'application/json' };
    await expectError(await post('{', reader), 403, 'forbidden');
    const got = await fetch(`${base}/productOrder`, { headers: admin });
    await expectError(got, 405, 'method_not_allowed');
    expect(got.headers.get('allow')).toBe('POST');
    await expectError(await post(order, { ...json, accept: 'text/html' }), 406, 'not_acceptable');
    await expectError(await post(order, { ...admin, 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });
});

describe('the in-flight change API', () => {
  it('creates: 201 with Location and the created resource', async () => {
    const response = await create(validChange);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const body = await bodyOf(response);
    expect(body).toMatchObject({ ...JSON.parse(validChange), state: 'acknowledged' });
    expect(response.headers.get('location')).toBe(`/inflightChangeProductOrder/${body.id}`);
    expect(body.href).toBe(response.headers.get('location'));
  });

  it('retrieves: 200 with the resource, fields applied; 404 for an unknown id', async () => {
    const created = await bodyOf(await create(validChange));
    const response = await fetch(`${base}${created.href}`, { headers: admin });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual(created);
    const selected = await fetch(`${base}${created.href}?fields=state,category`, { headers: admin });
    expect(await bodyOf(selected)).toEqual({
      '@type': created['@type'],
      id: created.id,
      href: created.href,
      state: 'acknowledged',
      category: created.category,
    });
    await expectError(
      await fetch(`${base}/inflightChangeProductOrder/no-such-id`, { headers: admin }),
      404,
      'not_found',
    );
  });

  it('lists with fields, offset and limit, and the count headers', async () => {
    for (let i = 0; i < 3; i++) await create(validChange);
    const all = await fetch(`${base}/inflightChangeProductOrder`, { headers: admin });
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.headers.get('x-result-count')).toBe(String(total));
    const everything = await bodyOf(all);
    const response = await fetch(`${base}/inflightChangeProductOrder?fields=state&offset=1&limit=2`, {
      headers: { ...admin, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(total));
    expect(response.headers.get('x-result-count')).toBe('2');
    const page = await bodyOf(response);
    expect(page).toEqual(
      everything.slice(1, 3).map((r: Record<string, unknown>) => ({
        id: r.id,
        href: r.href,
        '@type': r['@type'],
        state: r.state,
      })),
    );
    const bad = await expectError(
      await fetch(`${base}/inflightChangeProductOrder?offset=-1&limit=x`, { headers: admin }),
      400,
      'invalid_request',
    );
    expect(bad.violations.map((v: { path: string }) => v.path)).toEqual(['/limit', '/offset']);
  });

  it('answers 405 with Allow to a method the path lacks', async () => {
    const response = await fetch(`${base}/inflightChangeProductOrder`, { method: 'DELETE', headers: admin });
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectError(response, 405, 'method_not_allowed');
  });

  it('answers 406 to an Accept without JSON', async () => {
    const response = await fetch(`${base}/inflightChangeProductOrder`, { headers: { ...admin, accept: 'text/html' } });
    await expectError(response, 406, 'not_acceptable');
  });

  it('answers 400 to an invalid body, listing every violation', async () => {
    const file = 'examples/inflight/invalid/multiple-faults';
    const body = await expectError(await create(read(`${file}.json`)), 400, 'invalid_request');
    const expected = JSON.parse(read(`${file}.expected.json`));
    expect(body.violations.map(({ rule, code, path }: Record<string, string>) => ({ rule, code, path }))).toEqual(
      expected.map(({ rule, code, path }: Record<string, string>) => ({ rule, code, path })),
    );
    for (const v of body.violations) expect(body.message).toContain(v.message);
  });

  it('answers 400 to malformed JSON, and keeps serving', async () => {
    const body = await expectError(await create('{"@type": "InflightChangeProductOrder",'), 400, 'invalid_request');
    expect(body.violations).toMatchObject([{ rule: 'R-body', code: 'invalid_json', path: '' }]);
    expect((await create(validChange)).status).toBe(201);
  });

  it('answers 401 without a token and 403 to a token without the permission', async () => {
    const missing = await create(validChange, { 'content-type': 'application/json' });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    await expectError(missing, 401, 'unauthorized');
    await expectError(await create(validChange, { ...json, authorization: 'Bearer forged' }), 401, 'unauthorized');
    await expectError(await create(validChange, { ...json, authorization: 'Bearer demo-reader' }), 403, 'forbidden');
    const reader = await fetch(`${base}/inflightChangeProductOrder`, {
      headers: { authorization: 'Bearer demo-reader' },
    });
    expect(reader.status).toBe(200);
  });
});

describe('a body of 10 MB', () => {
  const big = Buffer.alloc(10 * 1024 * 1024, 0x20);

  it('with Content-Length: 413 with an ErrorMessage, and the server keeps serving', async () => {
    const body = await expectError(await create(big.toString()), 413, 'payload_too_large');
    expect(body.message).toMatch(/1048576 bytes/);
    expect((await fetch(`${base}/inflightChangeProductOrder`, { headers: admin })).status).toBe(200);
  });

  it('streamed in chunks to a listener: 413 once over the limit, and the server keeps serving', async () => {
    const { status, text } = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        `${base}/listener/appointmentCreateEvent`,
        { method: 'POST', headers: { ...json, 'transfer-encoding': 'chunked' } },
        async (response) => {
          let text = '';
          for await (const chunk of response) text += chunk;
          resolve({ status: response.statusCode, text });
        },
      );
      request.on('error', reject);
      let sent = 0;
      const write = () => {
        while (sent < big.length) {
          const chunk = big.subarray(sent, sent + 64 * 1024);
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    expect(status).toBe(413);
    expect(JSON.parse(text)).toMatchObject({ code: 'payload_too_large', status: '413' });
    expect((await create(validChange)).status).toBe(201);
  });
});

describe('the six listeners', () => {
  const events = [
    ['appointmentAttributeValueChangeEvent', 'appointment'],
    ['appointmentCreateEvent', 'appointment'],
    ['appointmentDeleteEvent', 'appointment'],
    ['appointmentStateChangeEvent', 'appointment'],
    ['searchTimeSlotAttributeValueChangeEvent', 'searchTimeSlot'],
    ['searchTimeSlotStateChangeEvent', 'searchTimeSlot'],
  ] as const;

  it.each(events)('%s: 204 with no body for a good event, an ErrorMessage for a bad one', async (name, payload) => {
    const url = `${base}/listener/${name}`;
    const type = `${name[0].toUpperCase()}${name.slice(1)}`;
    const event = {
      eventId: `E-${name}`,
      eventTime: '2024-10-24T10:32:00+02:00',
      eventType: type,
      timeOcurred: '2024-10-24T10:31:58+02:00',
      event: { [payload]: { id: 'X-1', validFor: { startDateTime: '2024-11-04T08:00:00+01:00' } } },
    };
    const good = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify(event) });
    expect(good.status).toBe(204);
    expect(await good.text()).toBe('');
    await expect.poll(() => output.includes(`event ${type} E-${name}`)).toBe(true);

    const bad = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ ...event, event: {} }) });
    const body = await expectError(bad, 400, 'invalid_request');
    expect(body.violations).toMatchObject([{ rule: 'R-event', code: 'required', path: '/event' }]);
    await expectError(await fetch(url, { method: 'POST', headers: json, body: '{' }), 400, 'invalid_request');
    await expectError(await fetch(url, { method: 'POST', body: '{}' }), 401, 'unauthorized');
  });
});
