// The app's own identity and its metrics, on Express 5, Fastify 5 and Hono 4
// over loopback, from the packed package: a replaced authenticate (a gateway header, and the identity a
// middleware of the app put on the framework's request), authentication turned off, onOutcome once per
// request for every status of the contract, and a valid body's hints on 201 and in the callback's context.
import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, frameworks, loadFrameworks, prefix, type Running } from './apps.js';

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
});

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const event = JSON.stringify({ eventId: 'E-1', event: { appointment: { id: 'A-1' } } });
const good = { authorization: 'Bearer good' };
const json = { ...good, 'content-type': 'application/json' };
/** The order with `priority` misspelt: valid, with one hint. */
const misspelt = JSON.stringify({ ...JSON.parse(order), priorty: '1' });
const never = new Promise<never>(() => undefined);

/** Waits until `ready()` holds, for at most 200 turns of the timers: the hooks run on a timer after the answer. */
async function until(ready: () => boolean) {
  for (let turn = 0; turn < 200 && !ready(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The identity an app's own middleware put on the framework's request (as @fastify/jwt's `request.user`). */
const natives: Record<
  string,
  { readonly start: (options: Any) => Promise<Running>; readonly user: (request: Any) => unknown }
> = {
  express: {
    user: (req) => req.user,
    async start(options) {
      const { express, onExpress } = frameworks;
      const app = express();
      app.use((req: Any, _res: Any, next: Any) => {
        const partner = req.headers['x-partner'];
        if (partner) req.user = { partner };
        next();
      });
      app.use(prefix, onExpress.productOrderRoutes(options));
      const server: Server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      return running(server);
    },
  },
  fastify: {
    user: (request) => request.user,
    async start(options) {
      const { Fastify, onFastify } = frameworks;
      const app = Fastify({ forceCloseConnections: true });
      app.decorateRequest('user', null);
      app.addHook('onRequest', async (request: Any) => {
        const partner = request.headers['x-partner'];
        if (partner) request.user = { partner };
      });
      await app.register(onFastify.productOrderRoutes(options), { prefix });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { ...running(app.server), close: () => app.close() };
    },
  },
  hono: {
    user: (c) => c.get('user'),
    async start(options) {
      const { Hono, serve, onHono } = frameworks;
      const app = new Hono();
      app.use('*', async (c: Any, next: Any) => {
        const partner = c.req.header('x-partner');
        if (partner) c.set('user', { partner });
        await next();
      });
      app.route(prefix, onHono.productOrderRoutes(options));
      const server: Server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      return running(server);
    },
  },
};

function running(server: Server): Running {
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}${prefix}`,
    port,
    events: [],
    errors: [],
    close: () =>
      new Promise<void>((resolve) => {
        (server as Any).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

for (const name of ['express', 'fastify', 'hono']) {
  const start = apps[name] as (variant: 'raw', extra?: Record<string, unknown>) => Promise<Running>;
  const native = natives[name] as (typeof natives)[string];

  describe(`${name}: a replaced authenticate`, () => {
    let app: Running;
    const asked: unknown[] = [];
    const seen: Any[] = [];
    const errors: unknown[] = [];
    beforeAll(async () => {
      app = await native.start({
        callbackTimeoutMs: 200,
        authenticate: (request: Any, headers: Any) => {
          const partner = headerOf(headers, 'x-partner');
          if (partner === 'throws') throw new Error('certificate store down');
          if (partner === 'hangs') return never;
          return native.user(request); // Fastify's decorated user is null until the app's hook sets it
        },
        authorize: (identity: Any, operation: string) => {
          asked.push([identity, operation]);
          return identity.partner === 'telco-a' || (identity.partner === 'reader' ? false : 'invalid');
        },
        onProductOrder: (_: unknown, context: Any) => {
          seen.push(context);
          return { id: 'PO-1' };
        },
        onError: (error: unknown) => errors.push(error),
      });
    });
    afterAll(() => app?.close());
    const post = (headers: Record<string, string>) =>
      fetch(`${app.base}/productOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: order,
      });

    it('takes the identity the app found on its own request, without a bearer token, and authorize judges it', async () => {
      const response = await post({ 'x-partner': 'telco-a' });
      expect(response.status).toBe(201);
      expect(asked).toContainEqual([{ partner: 'telco-a' }, 'createProductOrder']);
      expect(seen.at(-1)).toMatchObject({
        identity: { partner: 'telco-a' },
        token: '',
        operation: 'createProductOrder',
      });
      expect((await post({ 'x-partner': 'reader' })).status).toBe(403);
      expect((await post({ 'x-partner': 'stranger' })).status).toBe(401);
    });

    it('answers 401 with an ErrorMessage when it finds no identity (undefined, or the null a decorated request holds), a bearer token notwithstanding', async () => {
      const response = await post(good);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toMatchObject({ '@type': 'Error', code: 'unauthorized' });
    });

    it('answers 500 telling nothing when it throws, and onError hears the error', async () => {
      const response = await post({ 'x-partner': 'throws' });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain('certificate');
      expect(errors.map(String)).toContain('Error: certificate store down');
    });

    it('answers 503 with Retry-After when it does not settle within callbackTimeoutMs', async () => {
      const response = await post({ 'x-partner': 'hangs' });
      expect([response.status, response.headers.get('retry-after')]).toEqual([503, '1']);
      expect(errors).toContainEqual(
        expect.objectContaining({ name: 'CallbackTimeoutError', callback: 'authenticate' }),
      );
    });
  });

  describe(`${name}: authentication turned off`, () => {
    let app: Running;
    const asked: unknown[] = [];
    const seen: Any[] = [];
    beforeAll(async () => {
      app = await start('raw', {
        authenticate: false,
        authorize: (identity: unknown, operation: string) => {
          asked.push([identity, operation]);
          return operation !== 'createInflightChangeProductOrder';
        },
        onProductOrder: (_: unknown, context: Any) => {
          seen.push(context);
          return { id: 'PO-1' };
        },
      });
    });
    afterAll(() => app?.close());

    it('serves a request without a token, identity undefined, and still asks authorize, which may refuse', async () => {
      const created = await fetch(`${app.base}/productOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: order,
      });
      expect(created.status).toBe(201);
      expect(seen.at(-1)).toMatchObject({ identity: undefined, token: '' });
      expect(asked).toContainEqual([undefined, 'createProductOrder']);
      const refused = await fetch(`${app.base}/inflightChangeProductOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: change,
      });
      expect(refused.status).toBe(403);
    });
  });

  describe(`${name}: onOutcome`, () => {
    let app: Running;
    const outcomes: Any[] = [];
    beforeAll(async () => {
      app = await start('raw', {
        callbackTimeoutMs: 200,
        maxBodyBytes: 64 * 1024,
        inflight: {
          create: (c: Any) => (c.description === 'later' ? undefined : { ...c, id: 'C-1' }),
          list: () => [],
          retrieve: (id: string) =>
            id === 'crash' ? Promise.reject(new Error('db down')) : id === 'hang' ? never : undefined,
        },
        onOutcome: (outcome: Any) => {
          outcomes.push(outcome);
        },
      });
    });
    afterAll(() => app?.close());
    const send = (method: string, path: string, headers: Record<string, string> = good, body?: string) =>
      fetch(`${app.base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });

    it('gives no identity for a token authorize refused with 401, so no bearer token reaches a metric label (regression: the refused token was the identity)', async () => {
      const before = outcomes.length;
      const response = await send('GET', '/inflightChangeProductOrder', {
        ...good,
        authorization: 'Bearer secret-token-1',
      });
      expect(response.status).toBe(401);
      await until(() => outcomes.length > before);
      expect(outcomes.slice(before)).toEqual([expect.objectContaining({ status: 401, identity: undefined })]);
      expect(JSON.stringify(outcomes.slice(before).map(({ request, ...rest }) => rest))).not.toContain(
        'secret-token-1',
      );
    });

    it('hears each request once, for every status of the contract, with the operation, violations, duration and identity', async () => {
      const invalid = JSON.stringify({ ...JSON.parse(order), category: 'nope', relatedParty: 1 });
      const sent: [number, () => Promise<Response>][] = [
        [201, () => send('POST', '/productOrder', json, order)],
        [
          202,
          () =>
            send(
              'POST',
              '/inflightChangeProductOrder',
              json,
              JSON.stringify({ ...JSON.parse(change), description: 'later' }),
            ),
        ],
        [204, () => send('POST', '/listener/appointmentCreateEvent', json, event)],
        [200, () => send('GET', '/inflightChangeProductOrder')],
        [400, () => send('POST', '/productOrder', json, invalid)],
        [401, () => send('GET', '/inflightChangeProductOrder', {})],
        [403, () => send('POST', '/productOrder', { ...json, authorization: 'Bearer reader' }, order)],
        [404, () => send('GET', '/inflightChangeProductOrder/nope')],
        [405, () => send('DELETE', '/inflightChangeProductOrder/nope')],
        [406, () => send('GET', '/inflightChangeProductOrder', { ...good, accept: 'text/html' })],
        [
          413,
          () => send('POST', '/productOrder', json, JSON.stringify({ ...JSON.parse(order), note: 'x'.repeat(70_000) })),
        ],
        [415, () => send('POST', '/productOrder', { ...good, 'content-type': 'text/plain' }, order)],
        [500, () => send('GET', '/inflightChangeProductOrder/crash')],
        [503, () => send('GET', '/inflightChangeProductOrder/hang')],
      ];
      const before = outcomes.length;
      for (const [status, request] of sent) expect((await request()).status).toBe(status);
      await until(() => outcomes.length >= before + sent.length);
      await new Promise((resolve) => setTimeout(resolve, 20)); // none more comes
      const heard = outcomes.slice(before);
      expect(heard.map((o) => o.status)).toEqual(sent.map(([status]) => status));
      const by = (status: number) => heard.find((o) => o.status === status);
      expect(by(201)).toMatchObject({ operation: 'createProductOrder', identity: 'good', violations: [], hints: 0 });
      expect(by(400).violations).toEqual([
        { rule: 'R-field', code: 'not_allowed' },
        { rule: 'R-field', code: 'wrong_type' },
      ]);
      expect(by(401)).toMatchObject({ operation: 'listInflightChangeProductOrder', identity: undefined });
      expect(by(403)).toMatchObject({ operation: 'createProductOrder', identity: 'reader' });
      expect(by(406)).toMatchObject({ operation: 'listInflightChangeProductOrder', identity: 'good' });
      expect(by(405)).toMatchObject({ operation: undefined });
      expect(by(204)).toMatchObject({ operation: 'listenToAppointmentCreateEvent', identity: 'good' });
      for (const outcome of heard) {
        expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
        expect(outcome.request).toBeDefined();
      }
      expect(by(503).durationMs).toBeGreaterThanOrEqual(150);
    });
  });

  describe(`${name}: an onOutcome that throws, rejects or never settles (regression guard: a hook must change no answer)`, () => {
    let app: Running;
    beforeAll(async () => {
      app = await start('raw', {
        onOutcome: (outcome: Any) => {
          if (outcome.status === 201) throw new Error('metrics down');
          if (outcome.status === 200) return Promise.reject(new Error('audit log down'));
          return never;
        },
      });
    });
    afterAll(() => app?.close());

    it('changes no answer, and onError hears the throw and the rejection', async () => {
      for (let i = 0; i < 3; i++) {
        const created = await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body: order });
        expect(created.status).toBe(201);
        const listed = await fetch(`${app.base}/inflightChangeProductOrder`, { headers: good });
        expect(listed.status).toBe(200);
        const refused = await fetch(`${app.base}/inflightChangeProductOrder`, {});
        expect(refused.status).toBe(401);
      }
      await until(() => app.errors.length >= 6);
      expect(app.errors.map(String).sort()).toEqual([
        ...Array(3).fill('Error: audit log down'),
        ...Array(3).fill('Error: metrics down'),
      ]);
    });
  });

  describe(`${name}: hints of a valid body`, () => {
    let app: Running;
    const seen: Any[] = [];
    const outcomes: Any[] = [];
    beforeAll(async () => {
      app = await start('raw', {
        onProductOrder: (_: unknown, context: Any) => {
          seen.push(context.hints);
          return { id: 'PO-1' };
        },
        onOutcome: (outcome: Any) => outcomes.push(outcome),
      });
    });
    afterAll(() => app?.close());

    it('reach onProductOrder in its context and the 201 answer in Validation-Hints, the body as the callback gave it (regression: priorty got 201 and nobody learnt of it)', async () => {
      const response = await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body: misspelt });
      expect(response.status).toBe(201);
      expect(response.headers.get('validation-hints')).toBe('"/priorty";code=did_you_mean;suggestion="priority"');
      expect(await response.json()).toEqual({ id: 'PO-1' });
      expect(seen.at(-1)).toEqual([
        expect.objectContaining({
          path: '/priorty',
          code: 'did_you_mean',
          params: { found: 'priorty', suggestion: 'priority' },
        }),
      ]);
      await until(() => outcomes.length > 0);
      expect(outcomes.at(-1)).toMatchObject({ status: 201, hints: 1 });
      const clean = await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body: order });
      expect([clean.status, clean.headers.get('validation-hints')]).toEqual([201, null]);
      expect(seen.at(-1)).toEqual([]);
    });

    it('keep the header printable ASCII and bounded, whatever property names a client sends', async () => {
      const near = ['priorit"', 'priorit\\', 'prioritä', 'priorit\u0001', 'priorit\u{1F600}', 'priorit%', 'priorit~'];
      const body = JSON.stringify({ ...JSON.parse(order), ...Object.fromEntries(near.map((n) => [n, 1])) });
      const response = await fetch(`${app.base}/productOrder`, { method: 'POST', headers: json, body });
      expect(response.status).toBe(201);
      const header = response.headers.get('validation-hints') ?? '';
      expect(header.split(', ')).toHaveLength(near.length);
      expect(header.length).toBeLessThanOrEqual(4096);
      expect(header).toMatch(/^[\x20-\x7e]+$/);
    });
  });
}

/** A header of a record or a WHATWG `Headers`, as the routes give `authenticate`. */
function headerOf(headers: Any, name: string): string | undefined {
  if (typeof headers?.get === 'function') return headers.get(name) ?? undefined;
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}
