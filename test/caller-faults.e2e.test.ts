// A service's own code at fault, as the routes answer it from the packed package on Express 5, Fastify 5
// and Hono 4 over loopback: a carrier rule that throws (its text told to onError, never to the client),
// a rule whose params JSON cannot carry, and a store or a create callback whose answer breaks the
// contract (a 500 told to onError, never an empty 200).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, frameworks, loadFrameworks, type Running } from './apps.js';

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
});

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const json = { authorization: 'Bearer good', 'content-type': 'application/json' };
const secret = 'password=hunter2 at db-7.internal';

/** A cyclic object, for a rule's params. */
const cycle: Record<string, unknown> = { name: 'loop' };
cycle.self = cycle;

/** What each marker in the order's `description` makes the carrier's rule do. */
const ruleOf = (description: unknown) => {
  switch (description) {
    case 'throws':
      throw new Error(secret);
    case 'bigint':
      return [{ rule: 'X-carrier', code: 'too_big', path: '/description', params: { limit: 12345678901234567890n } }];
    case 'hostile':
      return [
        {
          rule: 'X-carrier',
          code: 'odd',
          path: '/description',
          params: {
            cycle,
            run: () => 1,
            when: new Date(0),
            sym: Symbol('s'),
            huge: 'x'.repeat(1_000_000),
            after: 'cut',
          },
        },
      ];
    default:
      return [];
  }
};

/** What the store's list answers, by the test that runs: a contract kept or broken. */
let listed: unknown = [];
/** What the create callbacks answer. */
let createdAs: unknown = { id: 'C-1' };

for (const [name, start] of Object.entries(apps)) {
  describe(`${name}: a service's own code at fault`, () => {
    let app: Running;
    const told: { error: unknown; context: Any }[] = [];
    beforeAll(async () => {
      const validator = frameworks.createValidator({
        rules: [{ id: 'X-carrier', title: 'a carrier rule', check: (o: Any) => ruleOf(o?.description) }],
      });
      app = await start('raw', {
        validator,
        onProductOrder: () => createdAs,
        inflight: { create: () => createdAs, list: () => listed, retrieve: () => 'not a change' },
        onError: (error: unknown, context: Any) => told.push({ error, context }),
      });
    });
    afterAll(() => app?.close());
    const post = (path: string, body: string, headers: Record<string, string> = json) =>
      fetch(`${app.base}${path}`, { method: 'POST', headers, body });
    const withDescription = (description: string) => JSON.stringify({ ...JSON.parse(order), description });

    it("answers 500 for a carrier rule that throws on an order with no other violation, its text told to onError with the request's context (regression: a 400 blamed the client for the carrier's outage)", async () => {
      told.length = 0;
      for (const accept of ['application/json', 'application/problem+json']) {
        const response = await post('/productOrder', withDescription('throws'), { ...json, accept });
        expect(response.status).toBe(500);
        expect(response.headers.get('retry-after')).toBeNull();
        const text = await response.text();
        expect(text).not.toContain('hunter2');
        expect(text).not.toContain('Error:');
        expect(text).not.toContain('rule_failed');
        const body = JSON.parse(text);
        if (accept === 'application/json')
          expect(body).toEqual({
            '@type': 'Error',
            code: 'internal_error',
            reason: 'Internal Server Error',
            message: 'The server failed to process the request.',
            status: '500',
          });
        else expect(body).toMatchObject({ status: 500, title: 'Internal Server Error' });
        expect(body.errors ?? body.violations).toBeUndefined();
      }
      expect(told).toHaveLength(2);
      expect(told[0]?.error).toMatchObject({ message: secret });
      expect(told[0]?.context).toMatchObject({ operation: 'createProductOrder', identity: 'good', lang: 'en' });
    });

    it('answers 400 with the other violations and the neutral rule_failed when a carrier rule throws on an invalid order', async () => {
      told.length = 0;
      const body = JSON.stringify({ ...JSON.parse(order), description: 'throws', category: 'neu' });
      const response = await post('/productOrder', body);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toContain('hunter2');
      const listed = JSON.parse(text).violations;
      expect(listed).toEqual([
        expect.objectContaining({
          rule: 'X-carrier',
          code: 'rule_failed',
          path: '',
          params: {},
          message: 'The rule X-carrier failed and could not check the input.',
        }),
        expect.objectContaining({ path: '/category', code: 'not_allowed' }),
      ]);
      expect(told).toHaveLength(1);
      expect(told[0]?.error).toMatchObject({ message: secret });
    });

    it('answers a rule whose params hold a BigInt with the BigInt as its text (regression: 500)', async () => {
      const response = await post('/productOrder', withDescription('bigint'));
      expect(response.status).toBe(400);
      const body: Any = await response.json();
      expect(body.violations[0]).toMatchObject({ code: 'too_big', params: { limit: '12345678901234567890' } });
    });

    it('answers params with a cycle, a function, a symbol, a Date and a 1 MB string as bounded JSON data', async () => {
      const response = await post('/productOrder', withDescription('hostile'));
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text.length).toBeLessThan(10_000);
      const { params } = JSON.parse(text).violations[0];
      expect(params).toEqual({
        cycle: { name: 'loop', self: null },
        when: '1970-01-01T00:00:00.000Z',
        huge: expect.stringMatching(/^x+$/),
        // past the budget's characters, a value is null
        after: null,
      });
    });

    it("answers 500 told to onError for a store's list that breaks the contract (regression: 200 [])", async () => {
      for (const garbage of [{ rows: [] }, 'rows', null, [1, 2], { items: [null], total: 1 }, { items: [] }]) {
        told.length = 0;
        listed = garbage;
        const response = await fetch(`${app.base}/inflightChangeProductOrder`, { headers: json });
        expect(response.status, JSON.stringify(garbage)).toBe(500);
        expect(await response.text()).not.toContain('inflight.list');
        expect(told, JSON.stringify(garbage)).toHaveLength(1);
        expect(told[0]?.error).toBeInstanceOf(TypeError);
        expect(told[0]?.context).toMatchObject({ operation: 'listInflightChangeProductOrder' });
      }
      listed = { items: [{ id: 'C-1' }], total: 1 };
      expect((await fetch(`${app.base}/inflightChangeProductOrder`, { headers: json })).status).toBe(200);
      listed = [];
    });

    it('answers 500 told to onError for a retrieve that answers no change', async () => {
      told.length = 0;
      const response = await fetch(`${app.base}/inflightChangeProductOrder/C-1`, { headers: json });
      expect(response.status).toBe(500);
      expect(told).toHaveLength(1);
    });

    it('answers 500 told to onError for a create whose answer JSON cannot carry (regression: 500 untold)', async () => {
      for (const value of [{ id: 'C-1', n: 1n }, cycle, { toJSON: () => undefined }]) {
        createdAs = value;
        told.length = 0;
        const ordered = await post('/productOrder', order);
        expect(ordered.status).toBe(500);
        const changed = await post('/inflightChangeProductOrder', change);
        expect(changed.status).toBe(500);
        expect(told).toHaveLength(2);
      }
      createdAs = { id: 'C-1' };
    });
  });
}
