// One pipeline: the same requests, to every route, through checkRequest (the in-flight change API) and
// createListenerHandler (the listeners) of the helpers and through the routes on Express 5, Fastify 5 and Hono 4 over
// loopback, all from the packed package, with maxViolations 0, 1 and the default. Every door gives
// the same status, Allow, content type, error code and number of violations listed.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, loadFrameworks, prefix, type Running } from './apps.js';
import { importHttp } from './consumer.js';

const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const event = JSON.stringify({ eventId: 'E-1', event: { appointment: { id: 'A-1' } } });
/** A change with three faults: the body's violations, listed up to maxViolations. */
const faulty = JSON.stringify({ ...JSON.parse(change), entity: 1, category: 2, requestPostedDate: 3 });
const good = { authorization: 'Bearer good' };
const json = { ...good, 'content-type': 'application/json' };

/** good may do anything, reader only read, anything else is an invalid token: as the adapters' apps. */
const authorize = (token: string, operation: string) =>
  token === 'good' ? true : token === 'reader' ? !operation.startsWith('create') : ('invalid' as const);

/** A store and callbacks that answer every valid request, so a door's answer is the pipeline's. */
const served = {
  onProductOrder: () => ({ id: 'PO-1' }),
  inflight: { create: () => ({ id: 'C-1' }), list: () => [], retrieve: (id: string) => ({ id }) },
  onEvent: () => undefined,
  authorize,
};

interface Sent {
  readonly method: string;
  /** Below the mount point, with any query. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const collection = '/inflightChangeProductOrder';
const item = `${collection}/C-1`;
const listener = '/listener/appointmentCreateEvent';

/** The requests, by name: every route, wrong methods, OPTIONS, HEAD, tokens, Accept, Content-Type, query, bodies. */
const requests: Record<string, Sent> = {
  list: { method: 'GET', path: collection, headers: good },
  'list, HEAD': { method: 'HEAD', path: collection, headers: good },
  retrieve: { method: 'GET', path: `${item}?fields=state`, headers: good },
  'retrieve, HEAD': { method: 'HEAD', path: item, headers: good },
  'create a change': { method: 'POST', path: collection, headers: json, body: change },
  'DELETE an item': { method: 'DELETE', path: item, headers: good },
  'POST an item': { method: 'POST', path: item, headers: json, body: change },
  'PUT the collection': { method: 'PUT', path: collection, headers: json, body: change },
  'OPTIONS the collection': { method: 'OPTIONS', path: collection, headers: {} },
  'OPTIONS an item': { method: 'OPTIONS', path: item, headers: {} },
  'no token': { method: 'GET', path: collection, headers: {} },
  'another scheme': { method: 'GET', path: collection, headers: { authorization: 'Basic Z29vZA==' } },
  'an invalid token': { method: 'GET', path: collection, headers: { authorization: 'Bearer nope' } },
  'a reader creates': {
    method: 'POST',
    path: collection,
    headers: { ...json, authorization: 'Bearer reader' },
    body: change,
  },
  'Accept text/html': { method: 'GET', path: collection, headers: { ...good, accept: 'text/html' } },
  'Accept latin-1 JSON': {
    method: 'GET',
    path: item,
    headers: { ...good, accept: 'application/json;charset=iso-8859-1' },
  },
  'Content-Type text/plain': {
    method: 'POST',
    path: collection,
    headers: { ...good, 'content-type': 'text/plain' },
    body: change,
  },
  'Content-Encoding gzip': {
    method: 'POST',
    path: collection,
    headers: { ...json, 'content-encoding': 'gzip' },
    body: change,
  },
  'a bad query': { method: 'GET', path: `${collection}?limit=-1&offset=x&fields=a.b`, headers: good },
  'a bad query on an item': { method: 'GET', path: `${item}?fields=a.b,c d`, headers: good },
  'malformed JSON': { method: 'POST', path: collection, headers: json, body: '{"entity": ' },
  'an empty body': { method: 'POST', path: collection, headers: json, body: '' },
  'a body of three faults': { method: 'POST', path: collection, headers: json, body: faulty },
  'create a product order': { method: 'POST', path: '/productOrder', headers: json, body: order },
  'GET the product order create': { method: 'GET', path: '/productOrder', headers: good },
  'a product order of faults': {
    method: 'POST',
    path: '/productOrder',
    headers: json,
    body: '{"category": 1, "x": []}',
  },
  'a product order without a token': {
    method: 'POST',
    path: '/productOrder',
    headers: { 'content-type': 'application/json' },
    body: order,
  },
  'an event': { method: 'POST', path: listener, headers: json, body: event },
  'an event, Accept text/html': {
    method: 'POST',
    path: listener,
    headers: { ...json, accept: 'text/html' },
    body: event,
  },
  'GET a listener': { method: 'GET', path: listener, headers: good },
  'OPTIONS a listener': { method: 'OPTIONS', path: listener, headers: {} },
  'an event without a token': {
    method: 'POST',
    path: listener,
    headers: { 'content-type': 'application/json' },
    body: event,
  },
  'an event as text/plain': {
    method: 'POST',
    path: listener,
    headers: { ...good, 'content-type': 'text/plain' },
    body: event,
  },
  'an event of faults': {
    method: 'POST',
    path: listener,
    headers: json,
    body: JSON.stringify({ eventId: 1, eventTime: 2, event: 3 }),
  },
  'malformed JSON to a listener': { method: 'POST', path: listener, headers: json, body: '[' },
};

/** What every door is compared on; `status` is `'passed'` for a request that passed every check. */
interface Answer {
  readonly status: number | 'passed';
  readonly allow: string | undefined;
  readonly type: string | undefined;
  readonly code: string | undefined;
  readonly listed: number | undefined;
}

const answerOf = (status: number, headers: Record<string, string | undefined>, body: Any): Answer => {
  const error = body?.['@type'] === 'Error';
  return {
    status: status < 300 ? 'passed' : status,
    allow: headers.allow,
    type: headers['content-type'],
    code: error ? body.code : undefined,
    listed: error ? (body.violations?.length ?? 0) : undefined,
  };
};

async function overLoopback(base: string, sent: Sent): Promise<Answer> {
  const response = await fetch(`${base}${sent.path}`, {
    method: sent.method,
    headers: sent.headers,
    ...(sent.body === undefined ? {} : { body: sent.body }),
  });
  const text = await response.text();
  const headers = {
    allow: response.headers.get('allow') ?? undefined,
    'content-type': response.headers.get('content-type') ?? undefined,
  };
  return answerOf(response.status, headers, text ? JSON.parse(text) : undefined);
}

let api: Any;
const settings = { default: {}, 'maxViolations 0': { maxViolations: 0 }, 'maxViolations 1': { maxViolations: 1 } };

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
  api = await importHttp();
});

for (const [setting, extra] of Object.entries(settings)) {
  describe(`one pipeline: every door answers alike, ${setting} (regression: Allow was GET, HEAD from checkRequest and GET, HEAD, OPTIONS from the routes; maxViolations 0 listed 20 through checkRequest and none through the routes)`, () => {
    const running: Running[] = [];
    const bases: Record<string, string> = {};
    let listenerServer: Server;
    let listenerBase = '';
    beforeAll(async () => {
      for (const name of ['express', 'fastify', 'hono']) {
        const app = await (apps[name] as Any)('raw', { ...served, ...extra });
        running.push(app);
        bases[name] = app.base;
      }
      const listen = api.createListenerHandler({ ...served, basePath: prefix, ...extra });
      listenerServer = createServer((req, res) => listen(req, res)).listen(0, '127.0.0.1');
      await new Promise((resolve) => listenerServer.once('listening', resolve));
      listenerBase = `http://127.0.0.1:${(listenerServer.address() as AddressInfo).port}${prefix}`;
    });
    afterAll(async () => {
      listenerServer?.closeAllConnections();
      listenerServer?.close();
      await Promise.all(running.map((app) => app.close()));
    });

    /** checkRequest's answer, or the listener handler's, as the door of the helpers for the request's path; none for the product order create. */
    async function helpers(sent: Sent): Promise<[string, Answer] | undefined> {
      if (sent.path.startsWith('/productOrder')) return undefined;
      if (sent.path.startsWith('/listener/')) return ['createListenerHandler', await overLoopback(listenerBase, sent)];
      const checked = await api.checkRequest(
        { method: sent.method, path: sent.path, headers: sent.headers, bodyText: sent.body },
        { authorize, ...extra },
      );
      const answer: Answer = checked.ok
        ? answerOf(200, { 'content-type': checked.contentType }, undefined)
        : answerOf(checked.status, checked.headers, checked.body);
      return ['checkRequest', answer];
    }

    it.each(Object.entries(requests))('%s', async (_, sent) => {
      const answers: Record<string, Answer> = {};
      for (const [name, base] of Object.entries(bases)) answers[name] = await overLoopback(base, sent);
      const helper = await helpers(sent);
      if (helper) answers[helper[0]] = helper[1];
      expect(Object.keys(answers)).toHaveLength(sent.path.startsWith('/productOrder') ? 3 : 4);
      const first = answers.express as Answer;
      expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, first])));
    });

    it('answers as the contract says: 405 with the Allow of each route for OPTIONS too, and the violations maxViolations lists', async () => {
      const allow = async (name: string) => (await overLoopback(bases.hono as string, requests[name] as Sent)).allow;
      expect(await allow('DELETE an item')).toBe('GET, HEAD');
      expect(await allow('OPTIONS an item')).toBe('GET, HEAD');
      expect(await allow('OPTIONS the collection')).toBe('GET, HEAD, POST');
      expect(await allow('OPTIONS a listener')).toBe('POST');
      const faults = await overLoopback(bases.fastify as string, requests['a body of three faults'] as Sent);
      const expected = setting === 'maxViolations 0' ? 0 : setting === 'maxViolations 1' ? 1 : 3;
      expect([faults.status, faults.listed]).toEqual([400, expected]);
    });
  });
}
