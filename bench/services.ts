// The adapters under load: valid product order creates through productOrderRoutes against the same
// framework's route that parses the JSON itself and calls validateProductOrder by hand (the floor the
// routes are held to), and the same route with no validation for context; the three served side by
// side by one server process per framework on loopback, called by autocannon in paired rounds of a
// few seconds each. Before the load, the body path's micro-benchmark (bench/body.ts).
// `npm run bench:services`; ROUNDS and SECONDS change the rounds.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { validateProductOrder } from 'product-order-validator';
import { printBodyRatios } from './body.js';

const file = 'examples/orders/valid/new-kvz-local-loop.json';
const order = readFileSync(file, 'utf8');
const frameworks = ['express', 'fastify', 'hono'] as const;
type Framework = (typeof frameworks)[number];
const routes = ['validated', 'hand', 'plain'] as const;
type RouteName = (typeof routes)[number];
const rounds = Number(process.env.ROUNDS ?? 8);
const seconds = Number(process.env.SECONDS ?? 2);

/**
 * The server process: the three routes of one framework, `/validated/productOrder` (the package's),
 * `/hand/productOrder` (JSON.parse by the framework, validateProductOrder by hand) and
 * `/plain/productOrder` (no validation), each comparing the bearer token with the service's and answering alike.
 */
async function serve(framework: Framework): Promise<number> {
  const answer = { id: 'PO-1', state: 'acknowledged' };
  // the same check on both sides: the bearer token compared with the one the service knows
  const token = 'load';
  const authorized = (authorization: unknown) => authorization === `Bearer ${token}`;
  const plain = (body: unknown, authorization: unknown) =>
    authorized(authorization) && typeof body === 'object' && body !== null
      ? { ...answer, category: (body as { category?: unknown }).category }
      : undefined;
  const hand = (body: unknown, authorization: unknown) => {
    if (!authorized(authorization)) return undefined;
    const result = validateProductOrder(body);
    return result.valid ? { ...answer, category: result.value.category } : undefined;
  };
  const options = {
    onProductOrder: (o: { category?: unknown }) => ({ ...answer, category: o.category }),
    authorize: (given: string) => given === token,
  };
  if (framework === 'express') {
    const { default: express } = await import('express');
    const { productOrderRoutes } = await import('product-order-validator/express');
    const app = express();
    app.use('/validated', productOrderRoutes(options));
    for (const [path, made] of [
      ['/hand/productOrder', hand],
      ['/plain/productOrder', plain],
    ] as const)
      app.post(path, express.json({ limit: '1mb' }), (req, res) => {
        const created = made(req.body, req.headers.authorization);
        if (created) res.status(201).json(created);
        else res.status(400).json({ code: 'invalid_request' });
      });
    return new Promise((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  }
  if (framework === 'fastify') {
    const { default: Fastify } = await import('fastify');
    const { productOrderRoutes } = await import('product-order-validator/fastify');
    const app = Fastify();
    await app.register(productOrderRoutes(options), { prefix: '/validated' });
    for (const [path, made] of [
      ['/hand/productOrder', hand],
      ['/plain/productOrder', plain],
    ] as const)
      app.post(path, async (request, reply) => {
        const created = made(request.body, request.headers.authorization);
        return created ? reply.code(201).send(created) : reply.code(400).send({ code: 'invalid_request' });
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }
  const { Hono } = await import('hono');
  const { serve: listen } = await import('@hono/node-server');
  const { productOrderRoutes } = await import('product-order-validator/hono');
  const app = new Hono();
  app.route('/validated', productOrderRoutes(options));
  for (const [path, made] of [
    ['/hand/productOrder', hand],
    ['/plain/productOrder', plain],
  ] as const)
    app.post(path, async (c) => {
      const created = made(await c.req.json(), c.req.header('authorization'));
      return created ? c.json(created, 201) : c.json({ code: 'invalid_request' }, 400);
    });
  return new Promise((resolve) => {
    listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
}

interface Round {
  readonly rps: number;
  readonly p99: number;
  readonly non2xx: number;
  /** The server process's CPU time (user + system) per request answered in the round, in µs. */
  readonly cpu: number;
}

/** The server's CPU time so far in µs, asked over its IPC channel. */
const cpuOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once('message', (m) => resolve(Number(m)));
    child.send('cpu');
  });

/** One round on one route: bounded by its duration (and autocannon's own request time-outs). */
async function load(url: string, child: ChildProcess): Promise<Round> {
  const before = await cpuOf(child);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: 'Bearer load', 'content-type': 'application/json' },
    body: order,
    connections: 10,
    duration: seconds,
    timeout: 10,
  });
  const cpu = (await cpuOf(child)) - before;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    cpu: cpu / Math.max(1, result.requests.total),
  };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(framework: Framework) {
  const child: ChildProcess = fork(process.argv[1] ?? '', ['serve', framework], { stdio: 'inherit' });
  try {
    const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
    const url = (route: RouteName) => `http://127.0.0.1:${port}/${route}/productOrder`;
    for (const route of routes) await load(url(route), child); // warm-up of each
    const measured: Record<RouteName, Round[]> = { validated: [], hand: [], plain: [] };
    for (let i = 0; i < rounds; i++) {
      // rotate which goes first, so drift over time falls on each
      for (let j = 0; j < routes.length; j++) {
        const route = routes[(i + j) % routes.length] as RouteName;
        measured[route].push(await load(url(route), child));
      }
    }
    const failed = Object.values(measured)
      .flat()
      .reduce((n, r) => n + r.non2xx, 0);
    if (failed > 0) throw new Error(`${framework}: ${failed} answers were not 2xx`);
    const ratios = (of: RouteName, to: RouteName) =>
      measured[of].map((v, i) => v.rps / (measured[to][i]?.rps ?? Number.NaN));
    const cpuRatios = (of: RouteName, to: RouteName) =>
      measured[of].map((v, i) => v.cpu / (measured[to][i]?.cpu ?? Number.NaN));
    const summary = (of: RouteName) => ({
      rps: median(measured[of].map((r) => r.rps)),
      p99: median(measured[of].map((r) => r.p99)),
      cpu: median(measured[of].map((r) => r.cpu)),
    });
    return {
      framework,
      validated: summary('validated'),
      hand: summary('hand'),
      plain: summary('plain'),
      toHand: ratios('validated', 'hand'),
      toPlain: ratios('validated', 'plain'),
      cpuToHand: cpuRatios('validated', 'hand'),
    };
  } finally {
    child.kill();
  }
}

const x = (value: number) => `${value.toFixed(2)}×`;
const spread = (values: readonly number[]) => `${x(Math.min(...values))} to ${x(Math.max(...values))}`;

if (process.argv[2] === 'serve') {
  const port = await serve(process.argv[3] as Framework);
  process.on('SIGTERM', () => process.exit(0)); // exits as a profile (--cpu-prof) needs
  // the parent asks for the CPU time before and after each round
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send?.(user + system);
  });
  process.send?.(port);
} else {
  await printBodyRatios(file, rounds);
  console.log();
  console.log(
    `Valid product order creates (${order.length} bytes), ${rounds} paired rounds of ${seconds} s each, 10 connections, loopback`,
  );
  console.log(
    '| framework | productOrderRoutes: rps, p99, server CPU | hand route (JSON + validateProductOrder): rps, p99, server CPU | no validation: rps, p99, server CPU | routes / hand (median, range) | routes / no validation (median, range) | server CPU per request, routes / hand (median, range) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const framework of frameworks) {
    const m = await measure(framework);
    const cell = (r: { rps: number; p99: number; cpu: number }) =>
      `${r.rps.toFixed(0)}/s, ${r.p99} ms, ${r.cpu.toFixed(0)} µs`;
    console.log(
      `| ${m.framework} | ${cell(m.validated)} | ${cell(m.hand)} | ${cell(m.plain)} | ${x(median(m.toHand))}, ${spread(m.toHand)} | ${x(median(m.toPlain))}, ${spread(m.toPlain)} | ${x(median(m.cpuToHand))}, ${spread(m.cpuToHand)} |`,
    );
  }
}
