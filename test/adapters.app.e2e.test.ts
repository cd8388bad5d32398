// The adapters inside an app, as a service wires them: the app's own middleware before the routes (a
// JSON parser, a check that reads the body), its error handlers after them, its own routes beside them
// under the same prefix, one operation mounted alone. Express, Fastify and Hono from the packed
// package, over loopback. Every loop is bounded in count.
import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headerOf } from '../src/http/headers.js';
import { type Any, closing, expectError, frameworks, listening, loadFrameworks } from './apps.js';
import { rawRequest, responseOf } from './socket.js';

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
});

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const prefix = '/api';
const maxBodyBytes = 16 * 1024;
const json = { authorization: 'Bearer good', 'content-type': 'application/json' };
const readAlready = 'The request body was read already, by another part of the server.';

/** What the app saw: the errors its error handler got, those its onError hooks got (Fastify), those `onError` got. */
interface Seen {
  readonly handled: Any[];
  readonly hooked: Any[];
  readonly told: Any[];
  /** What `onOutcome` heard. */
  readonly outcomes: Any[];
}

interface Started {
  readonly base: string;
  readonly port: number;
  readonly seen: Seen;
  readonly logs: string[];
  close(): Promise<void>;
}

/**
 * The routes' options: tokens `authenticate-throws`, `authenticate-rejects`, `authorize-throws`,
 * `authorize-rejects`, `order-throws`, `order-rejects` make them fail; the app's own authenticate reads the bearer token.
 */
function routeOptions(seen: Seen) {
  const fail = (token: string, what: string) => {
    if (token.endsWith('-throws')) throw new Error(`secret ${what}`);
    return Promise.reject(new Error(`secret ${what}`));
  };
  return {
    maxBodyBytes,
    authenticate: (_request: unknown, headers: Any) => {
      const token = /^Bearer (\S+)$/.exec(headerOf(headers, 'authorization') ?? '')?.[1];
      return token?.startsWith('authenticate-') ? fail(token, 'authenticate') : token;
    },
    authorize: (token: string) =>
      token.startsWith('authorize-')
        ? fail(token, 'authorize')
        : token === 'good' || token.startsWith('order-') || 'invalid',
    onProductOrder: (o: Any, { token }: Any) =>
      token.startsWith('order-') ? fail(token, 'order') : { id: 'PO-1', state: 'acknowledged', category: o.category },
    onEvent: () => undefined,
    inflight: {
      create: () => undefined,
      list: () => [],
      retrieve: (id: string) => (id === 'C-1' ? { id, state: 'acknowledged' } : undefined),
    },
    onError: (error: unknown) => seen.told.push(error),
    onOutcome: (outcome: Any) => seen.outcomes.push({ operation: outcome.operation, status: outcome.status }),
  };
}

const fresh = (): Seen => ({ handled: [], hooked: [], told: [], outcomes: [] });

/** The app on each framework: the variant is what the app runs before the routes. */
const starts: Record<string, Record<string, () => Promise<Started>>> = {
  express: Object.fromEntries(
    [
      'routes read',
      'express.json() before',
      'express.json({ verify: keepRawBody }) before',
      'express.json() on the prefix',
      'express.text() before',
      'express.raw() before',
      'a check that reads the stream',
    ].map((variant) => [
      variant,
      async () => {
        const { express, onExpress } = frameworks;
        const seen = fresh();
        const routes = onExpress.productOrderRoutes(routeOptions(seen));
        const app = express();
        const parsers: Record<string, Any> = {
          'express.json() before': express.json({ limit: '10mb' }),
          'express.json({ verify: keepRawBody }) before': express.json({
            limit: '10mb',
            verify: onExpress.keepRawBody,
          }),
          'express.text() before': express.text({ type: 'application/json', limit: '10mb' }),
          'express.raw() before': express.raw({ type: 'application/json', limit: '10mb' }),
          // an HMAC check or an audit log: it reads the stream itself
          'a check that reads the stream': (req: Any, _res: Any, next: Any) => {
            req.on('data', () => undefined);
            req.on('end', () => next());
          },
        };
        if (parsers[variant]) app.use(parsers[variant]);
        app.get(`${prefix}/health`, (_req: Any, res: Any) => res.send('ok'));
        if (variant === 'express.json() on the prefix') app.use(prefix, express.json({ limit: '10mb' }), routes);
        else app.use(prefix, routes);
        app.use(prefix, routes.notFoundHandler);
        app.use((error: unknown, _req: Any, _res: Any, next: Any) => {
          seen.handled.push(error);
          next(error);
        });
        app.use(routes.errorHandler);
        const server: Server = app.listen(0, '127.0.0.1');
        const port = await listening(server);
        return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs: [], close: () => closing(server) };
      },
    ]),
  ),
  fastify: Object.fromEntries(
    ['routes read', 'a check that reads the stream', "Fastify's default error handler", "the app's JSON parser"].map(
      (variant) => [
        variant,
        async () => {
          const { Fastify, onFastify } = frameworks;
          const seen = fresh();
          const logs: string[] = [];
          const stream = new Writable({
            write(chunk, _encoding, done) {
              logs.push(String(chunk));
              done();
            },
          });
          const routes = onFastify.productOrderRoutes(routeOptions(seen));
          const app = Fastify({
            logger: { level: 'error', stream },
            forceCloseConnections: true,
            frameworkErrors: routes.frameworkErrors,
          });
          app.addHook('onError', async (_request: Any, _reply: Any, error: unknown) => {
            seen.hooked.push(error);
          });
          if (variant !== "Fastify's default error handler")
            app.setErrorHandler((error: unknown, _request: Any, reply: Any) => {
              seen.handled.push(error);
              reply.code(500).send({ message: 'the app’s own answer' });
            });
          if (variant === 'a check that reads the stream')
            app.addHook('preParsing', async (_request: Any, _reply: Any, payload: Any) => {
              for await (const _ of payload);
              return payload;
            });
          if (variant === "the app's JSON parser")
            app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r: Any, body: string, done: Any) => {
              try {
                done(null, JSON.parse(body));
              } catch (error) {
                done(error);
              }
            });
          app.setNotFoundHandler(routes.notFoundHandler);
          app.get(`${prefix}/health`, async () => 'ok');
          await app.register(routes, { prefix });
          await app.listen({ port: 0, host: '127.0.0.1' });
          const port = (app.server.address() as AddressInfo).port;
          return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs, close: () => app.close() };
        },
      ],
    ),
  ),
  hono: Object.fromEntries(
    [
      'routes read',
      'c.req.text() before',
      'c.req.json() before',
      'c.req.arrayBuffer() before',
      'a check that reads the stream',
    ].map((variant) => [
      variant,
      async () => {
        const { Hono, serve, onHono } = frameworks;
        const seen = fresh();
        const routes = onHono.productOrderRoutes(routeOptions(seen));
        const app = new Hono();
        const reads: Record<string, (c: Any) => Promise<unknown>> = {
          'c.req.text() before': (c) => c.req.text(),
          'c.req.json() before': (c) => c.req.json().catch(() => undefined),
          'c.req.arrayBuffer() before': (c) => c.req.arrayBuffer(),
          // an HMAC check that reads the request itself, not through Hono's cache
          'a check that reads the stream': (c) => c.req.raw.arrayBuffer(),
        };
        const read = reads[variant];
        if (read)
          app.use('*', async (c: Any, next: Any) => {
            if (c.req.method === 'POST') await read(c);
            await next();
          });
        app.get(`${prefix}/health`, (c: Any) => c.text('ok'));
        app.route(prefix, routes);
        app.notFound(routes.notFoundHandler);
        app.onError((error: Any, c: Any) => {
          seen.handled.push(error);
          return 'getResponse' in error ? error.getResponse() : c.text('the app’s own answer', 500);
        });
        const server: Server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
        const port = await listening(server);
        return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs: [], close: () => closing(server) };
      },
    ]),
  ),
};

/** Every app, started once for the file. */
const running: Record<string, Record<string, Started>> = {};
beforeAll(async () => {
  for (const [name, variants] of Object.entries(starts)) {
    running[name] = {};
    for (const [variant, start] of Object.entries(variants)) (running[name] as Any)[variant] = await start();
  }
});
afterAll(async () => {
  await Promise.all(Object.values(running).flatMap((apps) => Object.values(apps).map((app) => app.close())));
});

const app = (name: string, variant: string): Started => {
  const started = running[name]?.[variant];
  if (!started) throw new Error(`no app ${name}, ${variant}`);
  return started;
};
const post = (
  started: Started,
  body: string | Buffer,
  headers: Record<string, string> = json,
  path = '/productOrder',
) => fetch(`${started.base}${path}`, { method: 'POST', headers, body });

/** What a callback threw, from the error the app's handler got: a RouteError (Express, Fastify), or Hono's HTTPException around one. */
const thrownOf = (name: string, error: Any) => (name === 'hono' ? error?.cause?.cause : error?.cause);
const routeErrorOf = (name: string, error: Any) => (name === 'hono' ? error?.cause : error);

const apps = ['express', 'fastify', 'hono'];

describe('a callback that throws or rejects reaches the app’s error handler, the client getting a 500 ErrorMessage that tells nothing of it (regression: nothing but onError heard of it)', () => {
  it.each(
    apps.flatMap((name) =>
      [
        'authenticate-throws',
        'authenticate-rejects',
        'authorize-throws',
        'authorize-rejects',
        'order-throws',
        'order-rejects',
      ].map((token) => [name, token] as const),
    ),
  )('%s, %s', async (name, token) => {
    const started = app(name, 'routes read');
    const { handled, hooked, told } = started.seen;
    const before = [handled.length, hooked.length, told.length];
    const response = await post(started, order, { ...json, authorization: `Bearer ${token}` });
    const body = await expectError(response, 500, 'internal_error');
    expect(JSON.stringify(body)).not.toContain('secret');
    const what = token.startsWith('order') ? 'order' : token.replace(/-.*/, '');
    const source = token.startsWith('order') ? 'onProductOrder' : what;
    const reached = handled.slice(before[0]);
    expect(reached).toHaveLength(1);
    expect(thrownOf(name, reached[0])).toEqual(new Error(`secret ${what}`));
    const routeError = routeErrorOf(name, reached[0]);
    expect(frameworks.onExpress.isRouteError(routeError)).toBe(true);
    expect([routeError.source, routeError.status, routeError.expose]).toEqual([source, 500, false]);
    expect(told.slice(before[2])).toEqual([new Error(`secret ${what}`)]);
    if (name === 'fastify') expect(hooked.slice(before[1])).toEqual([routeError]);
  });

  it("Fastify's default error handler logs it, and the client still gets the ErrorMessage", async () => {
    const started = app('fastify', "Fastify's default error handler");
    const before = started.logs.length;
    const response = await post(started, order, { ...json, authorization: 'Bearer order-rejects' });
    const body = await expectError(response, 500, 'internal_error');
    expect(JSON.stringify(body)).not.toContain('secret');
    const logged = started.logs.slice(before).map((line) => JSON.parse(line));
    expect(logged).toEqual([
      expect.objectContaining({ level: 50, msg: 'onProductOrder threw or rejected', err: expect.anything() }),
    ]);
    expect(JSON.stringify(logged[0].err)).toContain('secret order');
  });

  it('Express without routes.errorHandler in the app: the routes answer the 500 themselves, and onError hears of it', async () => {
    const { express, onExpress } = frameworks;
    const seen = fresh();
    const express_ = express();
    express_.use(prefix, onExpress.productOrderRoutes(routeOptions(seen)));
    const server: Server = express_.listen(0, '127.0.0.1');
    const port = await listening(server);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${prefix}/productOrder`, {
        method: 'POST',
        headers: { ...json, authorization: 'Bearer order-throws' },
        body: order,
      });
      await expectError(response, 500, 'internal_error');
      expect(seen.told).toEqual([new Error('secret order')]);
    } finally {
      await closing(server);
    }
  });
});

describe('a body a middleware read before the routes is the operator’s 500, not the partner’s 400 (regression: Express said "empty", Hono "not valid UTF-8")', () => {
  it.each(apps)('%s', async (name) => {
    const started = app(name, 'a check that reads the stream');
    const before = [started.seen.handled.length, started.seen.told.length];
    const body = await expectError(await post(started, order), 500, 'internal_error');
    expect(body.message).toBe(readAlready);
    const reached = started.seen.handled.slice(before[0]);
    expect(reached.map((error) => routeErrorOf(name, error)?.source)).toEqual(['body']);
    expect(routeErrorOf(name, reached[0]).message).toMatch(/read before the routes, by another part of the server/);
    expect(started.seen.told.slice(before[1]).map((error: Any) => error.source)).toEqual(['body']);
  });
});

/** Each app whose body someone else parsed or cached first, and those whose routes read it. */
const parsedFirst = [
  ['express', 'express.json() before'],
  ['express', 'express.json({ verify: keepRawBody }) before'],
  ['express', 'express.json() on the prefix'],
  ['express', 'express.text() before'],
  ['express', 'express.raw() before'],
  ['fastify', "the app's JSON parser"],
  ['hono', 'c.req.text() before'],
  ['hono', 'c.req.json() before'],
  ['hono', 'c.req.arrayBuffer() before'],
] as const;
const readByRoutes = apps.map((name) => [name, 'routes read'] as const);

/** An order padded with spaces to exactly `size` bytes. */
const orderOf = (size: number) => `${order}${' '.repeat(size - Buffer.byteLength(order))}`;

describe('a body parsed or cached before the routes is held to their limits (regression: behind c.req.json() a 2 MB order got 201; behind express.json() depth and UTF-8 went unchecked)', () => {
  it.each([...parsedFirst, ...readByRoutes])('%s, %s: 413 at maxBodyBytes for a 2 MB order', async (name, variant) => {
    const big = JSON.stringify({ ...JSON.parse(order), note: 'x'.repeat(2_000_000) });
    const body = await expectError(await post(app(name, variant), big), 413, 'payload_too_large');
    expect(body.message).toMatch(new RegExp(`${maxBodyBytes} bytes`));
  });

  it.each([...parsedFirst, ...readByRoutes])(
    '%s, %s: a body of exactly maxBodyBytes is taken, one byte more is 413',
    async (name, variant) => {
      const started = app(name, variant);
      expect((await post(started, orderOf(maxBodyBytes))).status).toBe(201);
      await expectError(await post(started, orderOf(maxBodyBytes + 1)), 413, 'payload_too_large');
    },
  );

  it.each(readByRoutes)(
    '%s, %s: the same boundary for a chunked body, whose size no header tells',
    async (name, variant) => {
      const started = app(name, variant);
      const chunked = async (text: string) => {
        const head = `POST ${prefix}/productOrder HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer good\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
        const bytes = Buffer.byteLength(text);
        const { data } = await rawRequest(started.port, `${head}${bytes.toString(16)}\r\n${text}\r\n0\r\n\r\n`, 5000);
        return responseOf(data).status;
      };
      expect(await chunked(orderOf(maxBodyBytes))).toBe(201);
      expect(await chunked(orderOf(maxBodyBytes + 1))).toBe(413);
    },
  );

  it.each([...parsedFirst, ...readByRoutes])(
    '%s, %s: 400 too_deep for a body nested 5,000 deep',
    async (name, variant) => {
      const deep = `{"category": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
      const body = await expectError(await post(app(name, variant), deep), 400, 'invalid_request');
      expect(body.violations[0]).toMatchObject({ code: 'invalid_json', params: { reason: 'too_deep' } });
    },
  );

  it.each([...parsedFirst, ...readByRoutes])('%s, %s: 400 for a body that is not UTF-8', async (name, variant) => {
    const at = order.indexOf('"category"');
    const broken = Buffer.concat([
      Buffer.from(`${order.slice(0, at)}"note": "`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`", ${order.slice(at)}`),
    ]);
    const body = await expectError(await post(app(name, variant), broken), 400, 'invalid_request');
    expect(body.violations[0]).toMatchObject({ code: 'invalid_json', params: { reason: 'encoding' } });
  });
});

/** A chunked request of `text` to the create, with the good token: no header tells its size. */
async function chunked(started: Started, text: string, headers = '') {
  const head = `POST ${prefix}/productOrder HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer good\r\nContent-Type: application/json\r\n${headers}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
  const { data } = await rawRequest(
    started.port,
    `${head}${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n`,
    5000,
  );
  return responseOf(data) as Any;
}

/** What an answer says, for comparing answers across apps: status, code, and each violation's rule, code and path. */
async function gist(response: Response) {
  const body = (await response.json()) as Any;
  const violations = (body.violations ?? []).map(({ rule, code, path }: Any) => ({ rule, code, path }));
  return { status: response.status, code: body.code, violations };
}

/** The apps whose body an app-wide parser or middleware of the framework's read before the routes. */
const behindParsers = [
  ['express', 'express.json() before'],
  ['express', 'express.json({ verify: keepRawBody }) before'],
  ['express', 'express.json() on the prefix'],
  ['fastify', "the app's JSON parser"],
  ['hono', 'c.req.json() before'],
] as const;

/** Those of them where the routes see the bytes or the text sent, not only the value parsed. */
const behindParsersWithText = behindParsers.filter(([, variant]) => !/^express\.json\(\) /.test(variant));

describe('behind an app-wide body parser the routes answer as they do alone', () => {
  it.each(behindParsers)(
    '%s, %s: a chunked body is taken, a chunked 2 MB one is 413 (regression: 500 "the request body was read already")',
    async (name, variant) => {
      const started = app(name, variant);
      expect(await chunked(started, order)).toMatchObject({ status: 201 });
      const big = JSON.stringify({ ...JSON.parse(order), note: 'x'.repeat(2_000_000) });
      expect(await chunked(started, big)).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    },
  );

  it.each(behindParsersWithText)(
    '%s, %s: a chunked body of exactly maxBodyBytes is taken, one byte more is 413',
    async (name, variant) => {
      const started = app(name, variant);
      expect((await chunked(started, orderOf(maxBodyBytes))).status).toBe(201);
      expect(await chunked(started, orderOf(maxBodyBytes + 1))).toMatchObject({ status: 413 });
    },
  );

  it.each([...behindParsers, ...readByRoutes])(
    '%s, %s: 1e400 and 12345678901234567890 are 400 inexact_number, chunked or not (regression: stored as null and 12345678901234567000)',
    async (name, variant) => {
      const started = app(name, variant);
      for (const [literal, reason] of [
        ['1e400', 'overflow'],
        ['12345678901234567890', 'unsafe_integer'],
      ]) {
        const text = `${order.trimEnd().slice(0, -1)}, "quantity": [${literal}]}`;
        const body = await expectError(await post(started, text), 400, 'invalid_request');
        expect(body.violations).toMatchObject([{ code: 'inexact_number', path: '/quantity/0', params: { reason } }]);
        expect(await chunked(started, text)).toMatchObject({
          status: 400,
          body: { violations: [{ code: 'inexact_number', path: '/quantity/0' }] },
        });
      }
    },
  );

  it.each(behindParsers)(
    '%s, %s: null, a string, an empty body and malformed JSON get the answers the routes give alone (regression: null got invalid_json)',
    async (name, variant) => {
      for (const text of ['null', '"order"', '', '{"category": ']) {
        const alone = await gist(await post(app(name, 'routes read'), text));
        expect([text, await gist(await post(app(name, variant), text))]).toEqual([text, alone]);
      }
    },
  );

  it.each([...behindParsers, ...readByRoutes])(
    '%s, %s: a gzip body is 415, as the routes answer it alone',
    async (name, variant) => {
      const body = gzipSync(order);
      await expectError(
        await post(app(name, variant), body, { ...json, 'content-encoding': 'gzip' }),
        415,
        'unsupported_media_type',
      );
    },
  );

  it.each(behindParsers.filter(([name]) => name === 'express'))(
    '%s, %s: onOutcome hears the 400 and 413 that routes.errorHandler answers for the parser (regression: none heard)',
    async (name, variant) => {
      const started = app(name, variant);
      const before = started.seen.outcomes.length;
      await expectError(await post(started, '{"category": '), 400, 'invalid_request');
      // past the parser's own limit (10 MB), chunked: the parser's 413, after the checks before the body
      const huge = await chunked(started, JSON.stringify({ note: 'x'.repeat(11_000_000) }));
      expect(huge).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(started.seen.outcomes.slice(before)).toEqual([
        { operation: 'createProductOrder', status: 400 },
        { operation: 'createProductOrder', status: 413 },
      ]);
    },
  );

  it.each(behindParsers.filter(([name]) => name !== 'fastify'))(
    '%s, %s: onError is told once what the routes cannot keep behind the parser, with the fix; no request is answered 500 for it',
    async (name, variant) => {
      const started = app(name, variant);
      for (let i = 0; i < 3; i++) expect((await post(started, order)).status).toBe(201);
      expect((await chunked(started, order)).status).toBe(201);
      const warnings = started.seen.told.filter((error) => error?.name === 'BodyParserWarning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].message).toMatch(/bodyTimeoutMs/);
      expect(warnings[0].message).toMatch(/mount the routes before/);
      if (variant.startsWith('express.json() '))
        expect(warnings[0].message).toMatch(/express\.json\(\{ verify: keepRawBody \}\)/);
      // the parser's own limit (express.json()'s 100 kB) refuses a body before the routes' maxBodyBytes
      if (name === 'express') expect(warnings[0].message).toMatch(/100 kB by default.*maxBodyBytes/);
      else expect(warnings[0].message).not.toMatch(/keepRawBody/);
    },
  );
});

describe('the token is judged before any parse error (regression: express.json() before the routes answered a request without a token 400 invalid_json)', () => {
  const mountings = [
    ['express', 'routes read'],
    ['express', 'express.json() before'],
    ['express', 'express.json({ verify: keepRawBody }) before'],
    ['express', 'express.json() on the prefix'],
    ['express', 'express.text() before'],
    ['fastify', 'routes read'],
    ['fastify', "the app's JSON parser"],
    ['hono', 'routes read'],
    ['hono', 'c.req.json() before'],
  ] as const;

  it.each(mountings)(
    '%s, %s: 401 without a token or with an invalid one; 400 invalid_json with a good one',
    async (name, variant) => {
      const started = app(name, variant);
      await expectError(
        await post(started, '{"category": ', { 'content-type': 'application/json' }),
        401,
        'unauthorized',
      );
      await expectError(
        await post(started, '{"category": ', { ...json, authorization: 'Bearer forged' }),
        401,
        'unauthorized',
      );
      const malformed = await expectError(await post(started, '{"category": '), 400, 'invalid_request');
      expect(malformed.violations[0]).toMatchObject({ code: 'invalid_json' });
    },
  );
});

/** An app with the routes and a route of its own under the prefix, and no not-found handler of the routes. */
async function bare(name: string): Promise<Started> {
  const seen = fresh();
  const options = routeOptions(seen);
  if (name === 'express') {
    const { express, onExpress } = frameworks;
    const server_ = express();
    server_.get(`${prefix}/health`, (_req: Any, res: Any) => res.send('ok'));
    server_.use(prefix, onExpress.productOrderRoutes(options));
    const server: Server = server_.listen(0, '127.0.0.1');
    const port = await listening(server);
    return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs: [], close: () => closing(server) };
  }
  if (name === 'fastify') {
    const { Fastify, onFastify } = frameworks;
    const server = Fastify({ forceCloseConnections: true });
    server.get(`${prefix}/health`, async () => 'ok');
    await server.register(onFastify.productOrderRoutes(options), { prefix });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as AddressInfo).port;
    return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs: [], close: () => server.close() };
  }
  const { Hono, serve, onHono } = frameworks;
  const hono = new Hono();
  hono.get(`${prefix}/health`, (c: Any) => c.text('ok'));
  hono.route(prefix, onHono.productOrderRoutes(options));
  const server: Server = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' });
  const port = await listening(server);
  return { base: `http://127.0.0.1:${port}${prefix}`, port, seen, logs: [], close: () => closing(server) };
}

/** Whether a response is the 404 ErrorMessage. */
async function notFound(response: Response) {
  const type = response.headers.get('content-type') ?? '';
  const body = type.startsWith('application/json') ? await response.json() : await response.text();
  return response.status === 404 && (body as Any)?.['@type'] === 'Error' && (body as Any).code === 'not_found';
}

describe('unknown paths below the mount point answer a 404 ErrorMessage; the app’s own paths there reach the app (regression: /productorder got the framework’s HTML or text 404)', () => {
  it.each(apps)(
    '%s: the routes’ roots, in any case, with a trailing slash, and an unknown listener are theirs; the rest is the app’s',
    async (name) => {
      const started = await bare(name);
      try {
        for (const path of [
          '/productOrder/',
          '/productorder',
          '/PRODUCTORDER',
          '/listener/fooEvent',
          '/Listener/appointmentCreateEvent',
          '/inflightchangeproductorder',
        ]) {
          const response = await post(started, order, json, path);
          expect([path, await notFound(response)]).toEqual([path, true]);
        }
        const health = await fetch(`${started.base}/health`);
        expect([health.status, await health.text()]).toEqual([200, 'ok']);
        const other = await post(started, order, json, '/nothing-here');
        expect([other.status, await notFound(other)]).toEqual([404, false]);
      } finally {
        await started.close();
      }
    },
  );

  it.each(apps)(
    '%s: the routes’ notFoundHandler, mounted by the app, answers the rest with the ErrorMessage',
    async (name) => {
      const started = app(name, 'routes read');
      for (const path of ['/nothing-here', '/productorder']) {
        const response = await post(started, order, json, path);
        expect([path, await notFound(response)]).toEqual([path, true]);
      }
      const health = await fetch(`${started.base}/health`);
      expect([health.status, await health.text()]).toEqual([200, 'ok']);
    },
  );
});

/**
 * The order of checks at `path`: without a token, 401 for malformed JSON and for a 2 MB body; with
 * the good one, 400 invalid_json, 413, and 201 for the order.
 */
async function expectTokenFirst(started: Started, path: string) {
  const anonymous = { 'content-type': 'application/json' };
  await expectError(await post(started, '{"a":', anonymous, path), 401, 'unauthorized');
  const large = JSON.stringify({ ...JSON.parse(order), note: 'x'.repeat(2_000_000) });
  await expectError(await post(started, large, anonymous, path), 401, 'unauthorized');
  const broken = await expectError(await post(started, '{"a":', json, path), 400, 'invalid_request');
  expect(broken.violations[0]).toMatchObject({ code: 'invalid_json' });
  await expectError(await post(started, large, json, path), 413, 'payload_too_large');
  expect((await post(started, order, json, path)).status).toBe(201);
}

describe('one operation mounted alone, at a path of the app’s own', () => {
  /** An app with the product order create at /orders and the in-flight retrieve at /changes/:id, and nothing else of the routes. */
  const alone: Record<string, () => Promise<Started>> = {
    async express() {
      const { express, onExpress } = frameworks;
      const seen = fresh();
      const create = onExpress.operationHandler('createProductOrder', routeOptions(seen));
      const retrieve = onExpress.operationHandler('retrieveInflightChangeProductOrder', routeOptions(seen));
      const server_ = express();
      server_.all('/orders', create);
      server_.all('/changes/:id', retrieve);
      server_.use((error: unknown, _req: Any, _res: Any, next: Any) => {
        seen.handled.push(error);
        next(error);
      });
      server_.use(create.errorHandler);
      const server: Server = server_.listen(0, '127.0.0.1');
      const port = await listening(server);
      return { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => closing(server) };
    },
    async fastify() {
      const { Fastify, onFastify } = frameworks;
      const seen = fresh();
      const server = Fastify({ forceCloseConnections: true });
      server.setErrorHandler((error: unknown, _request: Any, reply: Any) => {
        seen.handled.push(error);
        reply.code(500).send({ message: 'the app’s own answer' });
      });
      await server.register(onFastify.operationPlugin('createProductOrder', routeOptions(seen)), { prefix: '/orders' });
      await server.register(onFastify.operationPlugin('retrieveInflightChangeProductOrder', routeOptions(seen)), {
        prefix: '/changes',
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.server.address() as AddressInfo).port;
      return { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => server.close() };
    },
    async hono() {
      const { Hono, serve, onHono } = frameworks;
      const seen = fresh();
      const hono = new Hono();
      hono.all('/orders', onHono.operationHandler('createProductOrder', routeOptions(seen)));
      hono.all('/changes/:id', onHono.operationHandler('retrieveInflightChangeProductOrder', routeOptions(seen)));
      hono.onError((error: Any, c: Any) => {
        seen.handled.push(error);
        return 'getResponse' in error ? error.getResponse() : c.text('the app’s own answer', 500);
      });
      const server: Server = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' });
      const port = await listening(server);
      return { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => closing(server) };
    },
  };

  it.each(apps)(
    '%s: the create and the retrieve answer as the routes do; no other route of theirs is served',
    async (name) => {
      const started = await (alone[name] as () => Promise<Started>)();
      try {
        const created = await post(started, order, json, '/orders');
        expect([created.status, created.headers.get('location')]).toEqual([201, '/orders/PO-1']);
        const get = await fetch(`${started.base}/orders`, { headers: json });
        expect(get.headers.get('allow')).toBe('POST');
        await expectError(get, 405, 'method_not_allowed');
        await expectError(
          await post(started, order, { 'content-type': 'application/json' }, '/orders'),
          401,
          'unauthorized',
        );
        const failed = await post(started, order, { ...json, authorization: 'Bearer order-throws' }, '/orders');
        await expectError(failed, 500, 'internal_error');
        expect(started.seen.handled.map((error) => thrownOf(name, error))).toEqual([new Error('secret order')]);
        const found = await fetch(`${started.base}/changes/C-1`, { headers: json });
        expect([found.status, await found.json()]).toEqual([200, { id: 'C-1', state: 'acknowledged' }]);
        await expectError(await fetch(`${started.base}/changes/C-2`, { headers: json }), 404, 'not_found');
        expect((await post(started, order, json, '/productOrder')).status).toBe(404);
      } finally {
        await started.close();
      }
    },
  );

  it("Express: a parser on the handler's own route has its errors answered by the handler's errorHandler, the token judged first (regression: Express's HTML page with the stack, 400 without a token)", async () => {
    const { express, onExpress } = frameworks;
    const seen = fresh();
    const create = onExpress.operationHandler('createProductOrder', routeOptions(seen));
    const other = onExpress.operationHandler('createProductOrder', routeOptions(seen));
    const server_ = express();
    server_.post('/orders', express.json({ limit: '100kb' }), create);
    server_.post('/elsewhere', express.json(), (_req: Any, res: Any) => res.status(204).end());
    server_.use(other.errorHandler); // another handler's: the parser's error on /orders is not its
    server_.use(create.errorHandler);
    const server: Server = server_.listen(0, '127.0.0.1');
    const port = await listening(server);
    const started = { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => closing(server) };
    try {
      const malformed = await post(started, '{"a":', json, '/orders');
      const broken = await expectError(malformed, 400, 'invalid_request');
      expect(broken.violations[0]).toMatchObject({ code: 'invalid_json' });
      expect(JSON.stringify(broken)).not.toContain('SyntaxError');
      await expectError(
        await post(started, '{"a":', { 'content-type': 'application/json' }, '/orders'),
        401,
        'unauthorized',
      );
      const large = JSON.stringify({ ...JSON.parse(order), note: [{ text: 'x'.repeat(200_000) }] });
      await expectError(
        await post(started, large, { 'content-type': 'application/json' }, '/orders'),
        401,
        'unauthorized',
      );
      await expectError(await post(started, large, json, '/orders'), 413, 'payload_too_large');
      // a parser's error on a route of the app's own stays the app's
      const elsewhere = await post(started, '{"a":', json, '/elsewhere');
      expect([elsewhere.status, elsewhere.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    } finally {
      await started.close();
    }
  });

  it("Express: behind an app-wide express.json(), the handler's errorHandler takes the parser's errors, the token judged first (regression: 400 and Express's 413 entity.too.large without a token)", async () => {
    const { express, onExpress } = frameworks;
    const seen = fresh();
    const create = onExpress.operationHandler('createProductOrder', routeOptions(seen));
    const server_ = express();
    const nested = onExpress.operationHandler('createProductOrder', routeOptions(fresh()));
    server_.use(express.json());
    server_.all('/orders', create);
    server_.post('/elsewhere', (_req: Any, res: Any) => res.status(204).end());
    // one in a Router of the app's, under a prefix
    const router = express.Router();
    router.all('/orders', nested);
    server_.use('/api', router);
    server_.use(create.errorHandler);
    server_.use(nested.errorHandler);
    const server: Server = server_.listen(0, '127.0.0.1');
    const port = await listening(server);
    const started = { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => closing(server) };
    try {
      await expectTokenFirst(started, '/orders');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.outcomes.map(({ status }) => status)).toEqual([401, 401, 400, 413, 201]);
      await expectError(
        await post(started, '{"a":', { 'content-type': 'application/json' }, '/api/orders'),
        401,
        'unauthorized',
      );
      await expectError(await post(started, '{"a":', json, '/api/orders'), 400, 'invalid_request');
      // a parser's error on a path of the app's own stays the app's
      const elsewhere = await post(started, '{"a":', json, '/elsewhere');
      expect([elsewhere.status, elsewhere.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    } finally {
      await started.close();
    }
  });

  it.each(['fastify', 'hono'])(
    "%s: behind the app's own JSON parser or a middleware that read the body, the token is judged first, then 400 and 413 as the routes answer them",
    async (name) => {
      const seen = fresh();
      let started: Started;
      if (name === 'fastify') {
        const { Fastify, onFastify } = frameworks;
        const server = Fastify({ forceCloseConnections: true });
        server.addContentTypeParser('application/json', { parseAs: 'string' }, (_r: Any, body: string, done: Any) =>
          done(null, JSON.parse(body)),
        );
        await server.register(onFastify.operationPlugin('createProductOrder', routeOptions(seen)), {
          prefix: '/orders',
        });
        await server.listen({ port: 0, host: '127.0.0.1' });
        const port = (server.server.address() as AddressInfo).port;
        started = { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => server.close() };
      } else {
        const { Hono, serve, onHono } = frameworks;
        const hono = new Hono();
        hono.use('*', async (c: Any, next: Any) => {
          await c.req.json().catch(() => undefined);
          await next();
        });
        hono.all('/orders', onHono.operationHandler('createProductOrder', routeOptions(seen)));
        const server: Server = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' });
        const port = await listening(server);
        started = { base: `http://127.0.0.1:${port}`, port, seen, logs: [], close: () => closing(server) };
      }
      try {
        await expectTokenFirst(started, '/orders');
      } finally {
        await started.close();
      }
    },
  );
});
