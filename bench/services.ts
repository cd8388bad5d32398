// The adapters under load: valid product order creates through productOrderRoutes against the same
// framework's route with no validation, both served side by side by one server process per framework
// on loopback, called by autocannon in paired rounds of a few seconds each (about 120,000 requests in all).
// `npm run bench:services`.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const frameworks = ['express', 'fastify', 'hono'] as const;
type Framework = (typeof frameworks)[number];
const rounds = Number(process.env.ROUNDS ?? 5);
const seconds = Number(process.env.SECONDS ?? 3);

/** The server process: both routes of one framework, `/validated/productOrder` and `/plain/productOrder`. */
async function serve(framework: Framework): Promise<number> {
  const answer = { id: 'PO-1', state: 'acknowledged' };
  const plain = (body: unknown, authorization: unknown) =>
    typeof authorization === 'string' && authorization.startsWith('Bearer ') && typeof body === 'object'
      ? { ...answer, category: (body as { category?: unknown }).category }
      : undefined;
  const options = {
    onProductOrder: (o: { category?: unknown }) => ({ ...answer, category: o.category }),
    authorize: async () => true,
  };
  if (framework === 'express') {
    const { default: express } = await import('express');
    const { productOrderRoutes } = await import('product-order-validator/express');
    const app = express();
    app.use('/validated', productOrderRoutes(options));
    app.post('/plain/productOrder', express.json({ limit: '1mb' }), (req, res) => {
      const created = plain(req.body, req.headers.authorization);
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
    app.post('/plain/productOrder', async (request, reply) => {
      const created = plain(request.body, request.headers.authorization);
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
  app.post('/plain/productOrder', async (c) => {
    const created = plain(await c.req.json(), c.req.header('authorization'));
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
}

async function load(url: string): Promise<Round> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: 'Bearer load', 'content-type': 'application/json' },
    body: order,
    connections: 10,
    duration: seconds,
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(framework: Framework) {
  const child: ChildProcess = fork(process.argv[1] ?? '', ['serve', framework], { stdio: 'inherit' });
  try {
    const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
    const base = `http://127.0.0.1:${port}`;
    await load(`${base}/validated/productOrder`); // warm-up of both
    await load(`${base}/plain/productOrder`);
    const validated: Round[] = [];
    const plain: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      // alternate which goes first, so drift over time falls on both
      const first = i % 2 === 0;
      if (first) validated.push(await load(`${base}/validated/productOrder`));
      plain.push(await load(`${base}/plain/productOrder`));
      if (!first) validated.push(await load(`${base}/validated/productOrder`));
    }
    const failed = [...validated, ...plain].reduce((n, r) => n + r.non2xx, 0);
    if (failed > 0) throw new Error(`${framework}: ${failed} answers were not 2xx`);
    const ratios = validated.map((v, i) => v.rps / (plain[i]?.rps ?? Number.NaN));
    return {
      framework,
      validated: { rps: median(validated.map((r) => r.rps)), p99: median(validated.map((r) => r.p99)) },
      plain: { rps: median(plain.map((r) => r.rps)), p99: median(plain.map((r) => r.p99)) },
      overhead: 1 - median(ratios),
      range: [Math.min(...ratios), Math.max(...ratios)],
    };
  } finally {
    child.kill();
  }
}

if (process.argv[2] === 'serve') {
  const port = await serve(process.argv[3] as Framework);
  process.on('SIGTERM', () => process.exit(0)); // exits as a profile (--cpu-prof) needs
  process.send?.(port);
} else {
  console.log(
    `Valid product order creates (${order.length} bytes), ${rounds} paired rounds of ${seconds} s each, 10 connections, loopback`,
  );
  console.log(
    '| framework | through productOrderRoutes: rps, p99 | same route, no validation: rps, p99 | overhead (rps) | per-round range |',
  );
  console.log('|---|---|---|---|---|');
  for (const framework of frameworks) {
    const m = await measure(framework);
    const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
    console.log(
      `| ${m.framework} | ${m.validated.rps.toFixed(0)}/s, ${m.validated.p99} ms | ${m.plain.rps.toFixed(0)}/s, ${m.plain.p99} ms | ${pct(m.overhead)} | ${pct(1 - (m.range[1] ?? 0))} to ${pct(1 - (m.range[0] ?? 0))} |`,
    );
  }
}
