// One answer whatever the door: the same hostile requests, written on raw loopback sockets (a client
// library would normalise them), to Express, Fastify and Hono mounted under a prefix, to the node:http
// example server, and where it applies to checkRequest of the helpers, all from the packed package.
// Every door gives the same status, content type and error code. Every loop is bounded in count.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, loadFrameworks, prefix, type Running } from './apps.js';
import { importHttp } from './consumer.js';
import { startExampleServer } from './example-server.js';
import { rawRequest, requestText, responseOf } from './socket.js';

const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const event = JSON.stringify({ eventId: 'E-1', event: { appointment: { id: 'A-1' } } });
const token = 'demo-admin'; // the example server's; the adapters are given an authorize that knows it

/** A door: where its routes are mounted, on which port. */
interface Door {
  readonly port: number;
  readonly mount: string;
}

const doors: Record<string, Door> = {};
const running: Running[] = [];
let example: ChildProcess | undefined;
let api: Any;

beforeAll(async () => {
  const consumer = inject('consumer');
  await loadFrameworks(consumer);
  const authorize = (given: string) => given === token || ('invalid' as const);
  for (const name of ['express', 'fastify', 'hono']) {
    const start = apps[name];
    if (!start) continue;
    const app = await start('raw', { authorize });
    running.push(app);
    doors[name] = { port: app.port, mount: prefix };
  }
  const server = await startExampleServer(consumer);
  example = server.process;
  doors.server = { port: server.port, mount: '' };
  api = await importHttp();
});

afterAll(async () => {
  example?.kill();
  await Promise.all(running.map((app) => app.close()));
});

const utf8 = 'application/json;charset=utf-8';
const listener = 'application/json';
const auth: [string, string] = ['Authorization', `Bearer ${token}`];
const json: [string, string] = ['Content-Type', 'application/json'];

/** A hostile request: its method, path below the mount point, header lines and body, and the one answer every door gives. */
interface Hostile {
  readonly method: string;
  readonly path: string;
  readonly lines: readonly (readonly [string, string])[];
  readonly body?: string | Buffer;
  /** Status, content type and ErrorMessage code (none for a success). */
  readonly answer: readonly [number, string, string | undefined];
  /** Whether checkRequest judges it too: the in-flight change API. */
  readonly helpers?: boolean;
}

const hostile: Record<string, Hostile> = {
  'dot-dot segment': {
    method: 'GET',
    path: '/x/../inflightChangeProductOrder',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  '%2e%2e segment': {
    method: 'GET',
    path: '/x/%2e%2e/inflightChangeProductOrder',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  'mixed %2E. segment': {
    method: 'GET',
    path: '/x/%2E./inflightChangeProductOrder',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  'dot segment': {
    method: 'GET',
    path: '/./inflightChangeProductOrder',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  '%2e segment': {
    method: 'GET',
    path: '/%2e/inflightChangeProductOrder',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  '%2e%2e as the id': {
    method: 'GET',
    path: '/inflightChangeProductOrder/%2e%2e',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  'dot segment before a listener': {
    method: 'POST',
    path: '/listener/./appointmentCreateEvent',
    lines: [auth, json],
    body: event,
    answer: [404, listener, 'not_found'],
  },
  'two Authorization headers, the good one first': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, ['Authorization', 'Bearer forged'], json],
    body: change,
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'Authorization and authorization': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, ['authorization', `Bearer ${token}`], json],
    body: change,
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'two Content-Type headers, JSON first': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Type', 'text/plain']],
    body: change,
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'two Authorization headers on a listener': {
    method: 'POST',
    path: '/listener/appointmentCreateEvent',
    lines: [auth, ['Authorization', 'Bearer forged'], json],
    body: event,
    answer: [400, listener, 'invalid_request'],
  },
  'an id that is no UTF-8': {
    method: 'GET',
    path: '/inflightChangeProductOrder/%E0%A4%A',
    lines: [auth],
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'an id that is no %-encoding': {
    method: 'GET',
    path: '/inflightChangeProductOrder/%zz',
    lines: [auth],
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'TRACE on the collection': {
    method: 'TRACE',
    path: '/inflightChangeProductOrder',
    lines: [auth],
    answer: [405, utf8, 'method_not_allowed'],
    helpers: true,
  },
  'TRACE on a change': {
    method: 'TRACE',
    path: '/inflightChangeProductOrder/C-1',
    lines: [auth],
    answer: [405, utf8, 'method_not_allowed'],
    helpers: true,
  },
  'a path below a change': {
    method: 'GET',
    path: '/inflightChangeProductOrder/a/b',
    lines: [auth],
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  'the collection with a letter %-encoded': {
    method: 'POST',
    path: '/inflightChangeProductOrde%72',
    lines: [auth, json],
    body: change,
    answer: [404, utf8, 'not_found'],
    helpers: true,
  },
  'an unknown listener': {
    method: 'POST',
    path: '/listener/nope',
    lines: [auth, json],
    body: event,
    answer: [404, listener, 'not_found'],
  },
  'Content-Encoding gzip on a plain body': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'gzip']],
    body: change,
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding gzip on a gzipped body': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'gzip']],
    body: gzipSync(change),
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding br': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'br']],
    body: change,
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding GZIP': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'GZIP']],
    body: change,
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding gzip, identity': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'gzip, identity']],
    body: change,
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding identity, then gzip': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'identity'], ['Content-Encoding', 'gzip']],
    body: change,
    answer: [415, utf8, 'unsupported_media_type'],
    helpers: true,
  },
  'Content-Encoding br on a listener': {
    method: 'POST',
    path: '/listener/appointmentCreateEvent',
    lines: [auth, json, ['Content-Encoding', 'br']],
    body: event,
    answer: [415, listener, 'unsupported_media_type'],
  },
  'a number that overflows to Infinity, 1e400 (stored as null before)': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json],
    body: change.replace('{', '{"carrierCost": 1e400,'),
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'an integer beyond 2^53 - 1 (rounded before)': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json],
    body: change.replace('{', '{"carrierTicket": 12345678901234567890,'),
    answer: [400, utf8, 'invalid_request'],
    helpers: true,
  },
  'a number that overflows, in a listener event': {
    method: 'POST',
    path: '/listener/appointmentCreateEvent',
    lines: [auth, json],
    body: event.replace('{', '{"n": -1e999,'),
    answer: [400, listener, 'invalid_request'],
  },
  'Content-Encoding identity (accepted)': {
    method: 'POST',
    path: '/inflightChangeProductOrder',
    lines: [auth, json, ['Content-Encoding', 'Identity']],
    body: change,
    answer: [201, utf8, undefined],
    helpers: true,
  },
};

/** What a door answers to a hostile request written on a raw socket. */
async function sent(door: Door, request: Hostile) {
  const lines = [...request.lines, ['Connection', 'close'] as const];
  const text = requestText(request.method, `${door.mount}${request.path}`, lines, request.body);
  const { data } = await rawRequest(door.port, text, 5000);
  const { status, headers, body } = responseOf(data);
  const code =
    (body as { '@type'?: unknown; code?: string } | undefined)?.['@type'] === 'Error'
      ? (body as { code?: string }).code
      : undefined;
  return [status, headers['content-type'], code];
}

/** What checkRequest of the helpers answers to it, its header lines as Node's headersDistinct gives them. */
async function checked(request: Hostile) {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of request.lines)
    headers[name.toLowerCase()] = [...(headers[name.toLowerCase()] ?? []), value];
  const bodyText = typeof request.body === 'string' ? request.body : request.body?.toString('latin1');
  const result = await api.checkRequest(
    { method: request.method, path: request.path, headers, bodyText },
    { authorize: async (given: string) => given === token || 'invalid' },
  );
  return result.ok
    ? [201, result.contentType, undefined]
    : [result.status, result.headers['content-type'], result.body.code];
}

describe('one answer whatever the door (regression: Hono served dot segments, Express, Fastify and the example server took the first of two Authorization headers, Fastify answered TRACE 404 and bad %-encodings FST_ERR_BAD_URL, Express called a bad path "an invalid body", Content-Encoding passed or gave invalid_json)', () => {
  it.each(Object.entries(hostile))('%s', async (_, request) => {
    const answers: Record<string, unknown> = {};
    for (const [name, door] of Object.entries(doors)) answers[name] = await sent(door, request);
    if (request.helpers) answers.checkRequest = await checked(request);
    const expected = Object.fromEntries(Object.keys(answers).map((name) => [name, request.answer]));
    expect(answers).toEqual(expected);
    expect(Object.keys(answers)).toEqual(
      request.helpers
        ? ['express', 'fastify', 'hono', 'server', 'checkRequest']
        : ['express', 'fastify', 'hono', 'server'],
    );
  });
});
