// The adapters under load: product order creates, valid and invalid, through productOrderRoutes
// against the same framework's hand route (the framework parses the JSON, validateProductOrder checks
// it, a JSON answer: the created order, or a 400 with the spec's ErrorMessage listing at most 20
// violations, made by toErrorMessage, the same body the routes answer), the
// floor the routes are held to; and the same route with no validation for context. The three are
// served side by side by one server process per framework on 127.0.0.1, called by autocannon in
// paired rounds of a few seconds each (the route going first rotates); the target is the server's CPU
// time per request, routes ÷ hand route, at most 1.25×. Before the load, the body path's
// micro-benchmark (bench/body.ts). `npm run bench:services`; ROUNDS and SECONDS change the rounds,
// FRAMEWORKS (`fastify,hono`) measures only those.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { validateProductOrder } from 'product-order-validator';
import { toErrorMessage } from 'product-order-validator/http';
import { printBodyRatios } from './body.js';
import { type Measured, median, targetsTable } from './targets.js';

const file = 'examples/orders/valid/new-kvz-local-loop.json';
/** The bodies sent: the valid order, and an invalid one of three faults built on the same product. */
const bodies = {
  valid: readFileSync(file, 'utf8'),
  invalid: readFileSync('examples/orders/invalid/multiple-faults-kvz-local-loop.json', 'utf8'),
} as const;
type BodyName = keyof typeof bodies;
const allFrameworks = ['express', 'fastify', 'hono'] as const;
type Framework = (typeof allFrameworks)[number];
const asked = process.env.FRAMEWORKS?.split(',');
const frameworks = allFrameworks.filter((framework) => asked === undefined || asked.includes(framework));
const routes = ['validated', 'hand', 'plain'] as const;
type RouteName = (typeof routes)[number];
const rounds = Number(process.env.ROUNDS ?? 6);
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
  /**
   * The hand route's answer: the created order, or the ErrorMessage every error response of the spec
   * carries, at most 20 violations, as the routes answer it.
   */
  const hand = (body: unknown, authorization: unknown) => {
    if (!authorized(authorization)) return undefined;
    const result = validateProductOrder(body);
    return result.valid
      ? { ...answer, category: result.value.category }
      : { refused: toErrorMessage(result, { maxViolations: 20, about: 'order' }) };
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
        if (created === undefined) res.status(400).json({ code: 'invalid_request' });
        else if ('refused' in created) res.status(400).json(created.refused);
        else res.status(201).json(created);
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
        if (created === undefined) return reply.code(400).send({ code: 'invalid_request' });
        return 'refused' in created ? reply.code(400).send(created.refused) : reply.code(201).send(created);
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
      if (created === undefined) return c.json({ code: 'invalid_request' }, 400);
      return 'refused' in created ? c.json(created.refused, 400) : c.json(created, 201);
    });
  return new Promise((resolve) => {
    listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
}

interface Round {
  readonly rps: number;
  readonly p99: number;
  /** Answers of another status than expected, and errors. */
  readonly unexpected: number;
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
async function load(url: string, child: ChildProcess, body: string, refused: boolean): Promise<Round> {
  const before = await cpuOf(child);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: 'Bearer load', 'content-type': 'application/json' },
    body,
    connections: 10,
    duration: seconds,
    timeout: 10,
  });
  const cpu = (await cpuOf(child)) - before;
  const expected = refused ? result['4xx'] : result['2xx'];
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    unexpected: result.requests.total - expected + result.errors,
    cpu: cpu / Math.max(1, result.requests.total),
  };
}

async function measure(framework: Framework, bodyName: BodyName) {
  const body = bodies[bodyName];
  // an invalid order is refused by the routes and the hand route; the route without validation takes it
  const refused = (route: RouteName) => bodyName === 'invalid' && route !== 'plain';
  const child: ChildProcess = fork(process.argv[1] ?? '', ['serve', framework], { stdio: 'inherit' });
  try {
    const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
    const url = (route: RouteName) => `http://127.0.0.1:${port}/${route}/productOrder`;
    for (const route of routes) await load(url(route), child, body, refused(route)); // warm-up of each
    const measured: Record<RouteName, Round[]> = { validated: [], hand: [], plain: [] };
    for (let i = 0; i < rounds; i++) {
      // rotate which goes first, so drift over time falls on each
      for (let j = 0; j < routes.length; j++) {
        const route = routes[(i + j) % routes.length] as RouteName;
        measured[route].push(await load(url(route), child, body, refused(route)));
      }
    }
    const unexpected = Object.values(measured)
      .flat()
      .reduce((n, r) => n + r.unexpected, 0);
    if (unexpected > 0) throw new Error(`${framework}, ${bodyName} order: ${unexpected} answers of another status`);
    const ratios = (of: RouteName, to: RouteName, by: (r: Round) => number) =>
      measured[of].map((v, i) => by(v) / (measured[to][i] ? by(measured[to][i]) : Number.NaN));
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
      toHand: ratios('validated', 'hand', (r) => r.rps),
      toPlain: ratios('validated', 'plain', (r) => r.rps),
      cpuToHand: ratios('validated', 'hand', (r) => r.cpu),
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
  const targets: Measured[] = [];
  for (const bodyName of ['valid', 'invalid'] as const) {
    console.log();
    console.log(
      `${bodyName === 'valid' ? 'Valid' : 'Invalid'} product order creates (${bodies[bodyName].length} bytes), ${rounds} paired rounds of ${seconds} s each, 10 connections, 127.0.0.1`,
    );
    console.log(
      '| framework | productOrderRoutes: rps, p99, server CPU | hand route (JSON + validateProductOrder): rps, p99, server CPU | no validation: rps, p99, server CPU | routes / hand (median, range) | routes / no validation (median, range) | server CPU per request, routes / hand (median, range) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const framework of frameworks) {
      const m = await measure(framework, bodyName);
      const cell = (r: { rps: number; p99: number; cpu: number }) =>
        `${r.rps.toFixed(0)}/s, ${r.p99} ms, ${r.cpu.toFixed(0)} µs`;
      console.log(
        `| ${m.framework} | ${cell(m.validated)} | ${cell(m.hand)} | ${cell(m.plain)} | ${x(median(m.toHand))}, ${spread(m.toHand)} | ${x(median(m.toPlain))}, ${spread(m.toPlain)} | ${x(median(m.cpuToHand))}, ${spread(m.cpuToHand)} |`,
      );
      targets.push({
        target: 'productOrderRoutes, server CPU per request ÷ the hand route',
        corpus: `${framework}, ${bodyName} order`,
        bound: { atMost: 1.25 },
        rounds: m.cpuToHand,
        context: `${m.validated.cpu.toFixed(0)} µs against ${m.hand.cpu.toFixed(0)} µs a request`,
      });
    }
  }
  console.log(`\nTargets:\n${targetsTable([targets])}`);
}
