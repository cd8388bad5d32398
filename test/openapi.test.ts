// The shipped OpenAPI document under tools the project did not write: Redocly's lint (recommended
// rules), the OpenAPI 3.1 schema validator, and ajv on its examples; and what it states against the
// specification's tables and the package's own.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, inject, it } from 'vitest';
import { invalidChangeExamples, invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { errorStatuses, listeners } from '../src/http/index.js';
import { validateInflightChangeProductOrder, validateProductOrder } from '../src/index.js';

const path = 'openapi/product-order-service.openapi.json';
const doc = JSON.parse(readFileSync(path, 'utf8'));
type Operation = {
  operationId: string;
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
};
const operation = (at: string, method: string): Operation => doc.paths[at][method];

/** The document's schema of `name` under ajv as a partner sets it up (draft 2020-12, ajv-formats), compiled once. */
const ajv = new Ajv2020.default({ strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'openapi.json', components: doc.components });
const componentSchema = (name: string) => ajv.getSchema(`openapi.json#/components/schemas/${name}`);

/** Each operation of the specification's tables: its path, method and the statuses it lists. */
const specified = [
  ['/inflightChangeProductOrder', 'post', [201, 202, 400, 401, 403, 405, 406, 409, 429, 500]],
  ['/inflightChangeProductOrder', 'get', [200, 400, 401, 403, 404, 405, 406, 409, 429, 500, 501, 503]],
  ['/inflightChangeProductOrder/{id}', 'get', [200, 400, 401, 403, 404, 405, 406, 409, 429, 500]],
] as const;

describe('the OpenAPI document', () => {
  it('passes Redocly lint with the recommended rules, without an error', () => {
    const out = execFileSync(
      process.execPath,
      [require.resolve('@redocly/cli/bin/cli.js'), 'lint', path, '--format=json'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const problems: { severity: string; ruleId: string; message: string }[] = JSON.parse(out).problems;
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    // the two warnings left: a rule's fragment demands a property the field table declares
    expect(problems.map((p) => p.ruleId)).toEqual(problems.map(() => 'no-required-schema-properties-undefined'));
  }, 60_000);

  it('is a valid OpenAPI 3.1 document under @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect([validator.version, result.valid]).toEqual(['3.1', true]);
  });

  it('lists every status the specification lists for each in-flight change operation', () => {
    for (const [at, method, statuses] of specified)
      expect(Object.keys(operation(at, method).responses)).toEqual(expect.arrayContaining(statuses.map(String)));
  });

  it('names the Idempotency-Key header on both creates, with 409 (Retry-After) and 422, the 422 as added to the specification', () => {
    for (const at of ['/productOrder', '/inflightChangeProductOrder']) {
      const create = operation(at, 'post') as Operation & {
        parameters: { $ref: string }[];
        'x-added-statuses': number[];
      };
      expect(create.parameters.map((p) => p.$ref)).toContain('#/components/parameters/Idempotency-Key');
      expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['409', '422']));
      expect(create['x-added-statuses']).toContain(422);
    }
    const key = doc.components.parameters['Idempotency-Key'];
    expect([key.in, key.required]).toEqual(['header', undefined]);
    const pattern = new RegExp(key.schema.pattern);
    expect(
      ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', '"a\\"b"', 'unquoted', '""', '"ü"'].map((k) => pattern.test(k)),
    ).toEqual([true, true, false, false, false]);
    expect(Object.keys(doc.components.responses.Error409.headers)).toContain('Retry-After');
  });

  it("gives every error status an ErrorMessage, whose code names the status table's codes", () => {
    for (const status of Object.keys(errorStatuses)) {
      const response = doc.components.responses[`Error${status}`];
      expect(response.content['application/json;charset=utf-8'].schema.$ref).toBe('#/components/schemas/ErrorMessage');
    }
    // the codes the routes answer, named; not a closed list, since another service has codes of its own
    const code = doc.components.schemas.ErrorMessage.properties.code;
    expect(code.enum).toBeUndefined();
    for (const entry of Object.values(errorStatuses)) expect(code.description).toContain(entry.code);
  });

  it('has the six listeners as webhooks answering 204, with the ErrorMessage as their default', () => {
    const hooks = Object.values(doc.webhooks as Record<string, { post: Operation & { 'x-listener-path': string } }>);
    expect(hooks.map((hook) => [hook.post.operationId, hook.post['x-listener-path']])).toEqual(
      listeners.map((listener) => [listener.operation, listener.path]),
    );
    for (const hook of hooks) expect(Object.keys(hook.post.responses)).toEqual(['204', 'default']);
  });

  it('declares the OAuth2ClientCredentials scheme for every operation, the listeners too', () => {
    expect(doc.security).toEqual([{ OAuth2ClientCredentials: [] }]);
    for (const hook of Object.values<{ post: { security: unknown } }>(doc.webhooks))
      expect(hook.post.security).toEqual([{ OAuth2ClientCredentials: [] }]);
    expect(doc.components.securitySchemes.OAuth2ClientCredentials.flows).toHaveProperty('clientCredentials');
  });

  it('gives every order and change of the examples, valid or not, the verdict of the validators under its schemas', () => {
    const valid = (folder: string) =>
      readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(folder, f));
    const cases = [
      // the invalid orders: the shipped ones and each rule folder's own
      [[...valid('examples/orders/valid'), ...invalidOrderExamples('./')], 'ProductOrder_FVO', validateProductOrder],
      [
        [...valid('examples/inflight/valid'), ...invalidChangeExamples('./')],
        'InflightChangeProductOrder_FVO',
        validateInflightChangeProductOrder,
      ],
    ] as const;
    let count = 0;
    for (const [paths, name, validate] of cases) {
      const schema = componentSchema(name);
      for (const path of paths) {
        const value = JSON.parse(readFileSync(path, 'utf8'));
        expect([path, schema?.(value)]).toEqual([path, validate(value).valid]);
        count++;
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it('has examples that validateProductOrder and validateInflightChangeProductOrder take, and ajv under its schemas', () => {
    const cases = [
      ['/productOrder', 'ProductOrder_FVO', validateProductOrder],
      ['/inflightChangeProductOrder', 'InflightChangeProductOrder_FVO', validateInflightChangeProductOrder],
    ] as const;
    for (const [at, name, validate] of cases) {
      const schema = componentSchema(name);
      const examples = Object.values(operation(at, 'post').requestBody?.content['application/json']?.examples ?? {});
      expect(examples.length).toBeGreaterThan(2);
      for (const { value } of examples) {
        expect(validate(value).valid).toBe(true);
        expect(schema?.(value)).toBe(true);
      }
    }
  });

  it('gives the verdict of validateProductOrder on an invalid order under its ProductOrder_FVO schema', () => {
    const schema = componentSchema('ProductOrder_FVO');
    const valid = Object.values(
      operation('/productOrder', 'post').requestBody?.content['application/json']?.examples ?? {},
    )[0]?.value as Record<string, unknown>;
    const broken = { ...valid, category: 'neu' };
    expect([validateProductOrder(broken).valid, schema?.(broken)]).toEqual([false, false]);
  });

  it('ships in the package as product-order-validator/openapi', () => {
    const consumer = createRequire(join(inject('consumer'), 'index.js'));
    const shipped = JSON.parse(readFileSync(consumer.resolve('product-order-validator/openapi'), 'utf8'));
    expect(shipped).toEqual(doc);
  });
});

const require = createRequire(import.meta.url);
