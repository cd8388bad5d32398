// The listener handler through WHATWG Request and Response; the Node path runs end to end in test/server.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import type { OperationId } from './auth.js';
import { headerOf } from './headers.js';
import type { ListenerContext } from './listener.js';
import { createListenerHandler } from './listener.js';

const received: [unknown, ListenerContext][] = [];
const handler = createListenerHandler({
  maxBodyBytes: 1000,
  authorize: (token: string, operation: OperationId) =>
    token === 'good' || (token === 'calendar' ? operation.includes('Appointment') : 'invalid'),
  onEvent: (event, context) => {
    if ((event.eventId as string) === 'boom') throw new Error('store down');
    received.push([event, context]);
  },
});

const event = { eventId: 'E-1', eventType: 'SearchTimeSlotStateChangeEvent', event: { searchTimeSlot: { id: 'S-1' } } };
const url = 'http://client.example/listener/searchTimeSlotStateChangeEvent';
const post = (body: string, headers: Record<string, string> = {}, target = url, method = 'POST') =>
  handler(
    new Request(target, {
      method,
      body: method === 'GET' ? undefined : body,
      headers: { authorization: 'Bearer good', 'content-type': 'application/json', ...headers },
    }),
  );

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.json()).toMatchObject({ '@type': 'Error', code, status: String(status) });
}

describe('createListenerHandler with a WHATWG Request', () => {
  it('answers 204 with no body and hands the event to onEvent', async () => {
    const response = await post(JSON.stringify(event));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(received.at(-1)).toEqual([
      event,
      {
        type: 'SearchTimeSlotStateChangeEvent',
        operation: 'listenToSearchTimeSlotStateChangeEvent',
        token: 'good',
        identity: 'good',
        hints: [],
      },
    ]);
  });

  it('answers 400 with every violation for a bad event', async () => {
    const response = await post(JSON.stringify({ eventType: 'AppointmentCreateEvent', event: {} }));
    await expectError(response.clone(), 400, 'invalid_request');
    expect(
      ((await response.json()) as { violations: { path: string }[] }).violations.map((v: { path: string }) => v.path),
    ).toEqual(['/event', '/eventType']);
  });

  it('answers 400 for malformed JSON and for an empty body', async () => {
    await expectError(await post('{"eventId": '), 400, 'invalid_request');
    await expectError(await post(''), 400, 'invalid_request');
  });

  it('answers 413 for a body over the limit', async () => {
    await expectError(
      await post(JSON.stringify({ ...event, description: 'x'.repeat(2000) })),
      413,
      'payload_too_large',
    );
  });

  it('answers 404, 405, 401, 403 and 415', async () => {
    await expectError(await post('{}', {}, 'http://client.example/listener/productOrderCreateEvent'), 404, 'not_found');
    const wrongMethod = await post('', {}, url, 'GET');
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    await expectError(wrongMethod, 405, 'method_not_allowed');
    await expectError(await post('{}', { authorization: '' }), 401, 'unauthorized');
    await expectError(await post('{}', { authorization: 'Bearer forged' }), 401, 'unauthorized');
    await expectError(await post('{}', { authorization: 'Bearer calendar' }), 403, 'forbidden');
    await expectError(await post('{}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('answers 500 when onEvent throws', async () => {
    await expectError(await post(JSON.stringify({ ...event, eventId: 'boom' })), 500, 'internal_error');
  });

  it('lists at most 20 violations of an event with 499,990 bad related entities, as it listed all of them before', async () => {
    const big = createListenerHandler({ onEvent: () => undefined, maxBodyBytes: 2_000_000 });
    const body = JSON.stringify({
      ...event,
      event: { searchTimeSlot: { id: 'S-1', relatedEntity: Array(499_990).fill(0) } },
    });
    const response = await big(
      new Request(url, {
        method: 'POST',
        body,
        headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
      }),
    );
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(10_000);
    expect(JSON.parse(text)).toMatchObject({ truncated: { more: 980, stopped: true } });
  });
});

describe('createListenerHandler with callbacks that never settle, and bodies in a content coding', () => {
  const heard: unknown[] = [];
  const hanging = createListenerHandler({
    callbackTimeoutMs: 20,
    authorize: (token) => (token === 'hang' ? new Promise<boolean>(() => undefined) : true),
    onEvent: (event) => (event.eventId === 'hang' ? new Promise<void>(() => undefined) : undefined),
    onError: (error, context) => heard.push([(error as { callback?: string }).callback, context.token]),
  });
  const send = (token: string, eventId: string, headers: Record<string, string> = {}) =>
    hanging(
      new Request(url, {
        method: 'POST',
        body: JSON.stringify({ ...event, eventId }),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      }),
    );

  it('answers 503 with Retry-After when authorize or onEvent never settles, onError hearing each once (regression: no answer at all)', async () => {
    for (const [token, eventId] of [
      ['hang', 'E-1'],
      ['good', 'hang'],
    ]) {
      const response = await send(token ?? '', eventId ?? '');
      expect(response.headers.get('retry-after')).toBe('1');
      await expectError(response, 503, 'service_unavailable');
    }
    expect(heard).toEqual([
      ['authorize', 'hang'],
      ['onEvent', 'good'],
    ]);
    expect((await send('good', 'E-2')).status).toBe(204);
  });

  it.each(['gzip', 'br', 'Identity, deflate'])(
    'answers 415 for an event in Content-Encoding %j (regression: br on a plain body was accepted)',
    async (coding) =>
      await expectError(await send('good', 'E-3', { 'content-encoding': coding }), 415, 'unsupported_media_type'),
  );
});

describe('createListenerHandler with its own authenticate', () => {
  it('takes the identity authenticate finds, awaited, and answers 401 when it finds none', async () => {
    const heard: ListenerContext[] = [];
    const listen = createListenerHandler({
      authenticate: async (headers) => (headerOf(headers, 'x-partner') === 'telco-a' ? 'telco-a' : undefined),
      onEvent: (_, context) => {
        heard.push(context);
      },
    });
    const send = (headers: Record<string, string>) =>
      listen(
        new Request(url, {
          method: 'POST',
          body: JSON.stringify(event),
          headers: { 'content-type': 'application/json', ...headers },
        }),
      );
    expect((await send({ 'x-partner': 'telco-a' })).status).toBe(204);
    expect(heard.at(-1)).toMatchObject({ identity: 'telco-a', token: '' });
    await expectError(await send({ authorization: 'Bearer good' }), 401, 'unauthorized');
  });
});
