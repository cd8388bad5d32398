// Problem details (RFC 9457) as a service gets them from the packed package: Express, Fastify and
// Hono over loopback, `errorFormat` as one format and per kind of operation, each error of `errors`
// carrying rule, code, params and pointer, and `Accept: application/problem+json` honoured.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Any, apps, expectError, loadFrameworks, type Running } from './apps.js';

beforeAll(async () => {
  await loadFrameworks(inject('consumer'));
});

const order = readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8');
const change = readFileSync('examples/inflight/valid/change-contacts.json', 'utf8');
const json = { authorization: 'Bearer good', 'content-type': 'application/json' };
const problemJson = 'application/problem+json';

/** The order without `category` and with `relatedParty` of the wrong type: a missing property and a wrong one. */
const broken = (() => {
  const o = JSON.parse(order);
  delete o.category;
  o.relatedParty = 'none';
  return JSON.stringify(o);
})();

for (const [name, start] of Object.entries(apps)) {
  describe(`${name}, errorFormat: 'problem'`, () => {
    let app: Running;
    beforeAll(async () => {
      app = await start('raw', { errorFormat: 'problem' });
    });
    afterAll(() => app?.close());
    const post = (path: string, body: string, headers: Record<string, string> = json) =>
      fetch(`${app.base}${path}`, { method: 'POST', headers, body });

    it('lists each violation with rule, code, params, pointer and detail; a missing property at its object, named in params.property', async () => {
      const response = await post('/productOrder', broken);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe(problemJson);
      const body: Any = await response.json();
      expect(body.errors).toEqual([
        {
          rule: 'R-field',
          code: 'required',
          params: { property: 'category' },
          pointer: '#',
          detail: expect.stringMatching(/category/),
        },
        {
          rule: 'R-field',
          code: 'wrong_type',
          params: expect.objectContaining({ expected: expect.anything() }),
          pointer: '#/relatedParty',
          detail: expect.any(String),
        },
      ]);
      // the same violations as the ErrorMessage lists them, as the hints list theirs
      const hinted = await post('/productOrder', JSON.stringify({ ...JSON.parse(broken), categroy: 'new' }));
      const hints: Any = await hinted.json();
      expect(hints.hints).toEqual([expect.objectContaining({ path: '/categroy', code: 'did_you_mean' })]);
      expect(hints.errors[0]).toMatchObject({ rule: 'R-field', code: 'required', params: { property: 'category' } });
    });

    it('lists malformed JSON and an inexact number with their params', async () => {
      const malformed: Any = await (await post('/productOrder', '{"category": ')).json();
      expect(malformed.errors).toEqual([
        {
          rule: 'R-body',
          code: 'invalid_json',
          params: expect.objectContaining({ reason: 'syntax' }),
          pointer: '#',
          detail: expect.any(String),
        },
      ]);
      const inexact: Any = await (await post('/inflightChangeProductOrder', '{"n": 1e400}')).json();
      expect(inexact.errors[0]).toMatchObject({
        rule: 'R-json',
        code: 'inexact_number',
        params: { reason: 'overflow', literal: '1e400' },
        pointer: '#/n',
      });
    });

    it('honours Accept: application/problem+json alone (regression: 406), and still application/json, answered an ErrorMessage', async () => {
      for (const accept of [problemJson, 'application/json', `${problemJson}, application/json;q=0.5`]) {
        const created = await post('/productOrder', order, { ...json, accept });
        expect(created.status, accept).toBe(201);
        const refused = await post('/productOrder', broken, { ...json, accept });
        expect(refused.status, accept).toBe(400);
        // a client that accepts application/json alone reads an ErrorMessage
        expect(refused.headers.get('content-type')).toBe(
          accept === 'application/json' ? 'application/json;charset=utf-8' : problemJson,
        );
        const listed = await fetch(`${app.base}/inflightChangeProductOrder`, { headers: { ...json, accept } });
        expect(listed.status, accept).toBe(200);
      }
      const refused = await post('/productOrder', order, { ...json, accept: `${problemJson};q=0, text/html` });
      expect(refused.status).toBe(406);
      expect(refused.headers.get('content-type')).toBe(problemJson);
    });

    it("keeps the listeners' ErrorMessage as application/json, the spec's answer for them", async () => {
      const response = await post('/listener/appointmentCreateEvent', '{}');
      const body = await expectError(response, 400, 'invalid_request', /^application\/json$/);
      expect(body.violations[0]).toMatchObject({ rule: 'R-event' });
    });
  });

  describe(`${name}, errorFormat per kind of operation`, () => {
    let app: Running;
    beforeAll(async () => {
      app = await start('raw', { errorFormat: { inflight: 'problem', listener: 'problem' } });
    });
    afterAll(() => app?.close());
    const post = (path: string, body: string, headers: Record<string, string> = json) =>
      fetch(`${app.base}${path}`, { method: 'POST', headers, body });

    it('answers each kind in its own format: the product order create an ErrorMessage, the in-flight API and the listeners problem details', async () => {
      const ordered = await post('/productOrder', broken);
      const body = await expectError(ordered, 400, 'invalid_request', /^application\/json;charset=utf-8$/);
      expect(body.violations[0]).toMatchObject({ rule: 'R-field', code: 'required', path: '' });
      const changed = await post('/inflightChangeProductOrder', '{}');
      expect(changed.status).toBe(400);
      expect(changed.headers.get('content-type')).toBe(problemJson);
      expect(((await changed.json()) as Any).errors[0]).toMatchObject({ rule: expect.any(String), pointer: '#' });
      const missing = await fetch(`${app.base}/inflightChangeProductOrder/nope`, { headers: json });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toBe(problemJson);
      const heard = await post('/listener/appointmentCreateEvent', '{}');
      expect(heard.status).toBe(400);
      expect(heard.headers.get('content-type')).toBe(problemJson);
      expect(((await heard.json()) as Any).errors[0]).toMatchObject({ rule: 'R-event', pointer: expect.any(String) });
    });

    it('answers Accept: application/problem+json with problem details where ErrorMessages are the default (regression: 406)', async () => {
      const accept = { ...json, accept: problemJson };
      expect((await post('/inflightChangeProductOrder', change, accept)).status).toBe(201);
      expect((await post('/productOrder', order, accept)).status).toBe(201);
      for (const header of [problemJson, `application/json;q=0.5, ${problemJson}`, `${problemJson}, */*;q=0.1`]) {
        const refused = await post('/productOrder', broken, { ...json, accept: header });
        expect(refused.status, header).toBe(400);
        expect(refused.headers.get('content-type'), header).toBe(problemJson);
        expect(((await refused.json()) as Any).errors[0], header).toMatchObject({ code: 'required', pointer: '#' });
      }
      const event = await post('/listener/appointmentCreateEvent', '{}', { ...json, accept: 'application/json' });
      await expectError(event, 400, 'invalid_request', /^application\/json$/);
    });

    it('answers an ErrorMessage to a client that accepts only application/json where problem details are the default (regression: problem details)', async () => {
      for (const header of ['application/json', `application/json, ${problemJson};q=0.5`, `${problemJson};q=0, */*`]) {
        const changed = await post('/inflightChangeProductOrder', '{}', { ...json, accept: header });
        const body = await expectError(changed, 400, 'invalid_request', /^application\/json;charset=utf-8$/);
        expect(body.violations[0], header).toMatchObject({ path: '' });
        const missing = await fetch(`${app.base}/inflightChangeProductOrder/nope`, {
          headers: { ...json, accept: header },
        });
        await expectError(missing, 404, 'not_found');
      }
      // a wildcard, both at the same q, or none: the configured default
      for (const header of ['*/*', 'application/*', `application/json, ${problemJson}`, '']) {
        const changed = await post('/inflightChangeProductOrder', '{}', { ...json, accept: header });
        expect(changed.headers.get('content-type'), header).toBe(problemJson);
        const ordered = await post('/productOrder', broken, { ...json, accept: header });
        expect(ordered.headers.get('content-type'), header).toBe('application/json;charset=utf-8');
      }
    });
  });
}
