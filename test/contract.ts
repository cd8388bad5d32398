// The answers a suite's requests got, checked against the shipped OpenAPI document by
// openapi-response-validator, a validator the project did not write: each body under the schema of its
// operation, status and content type; the headers the document declares, by their schemas.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** openapi-response-validator is CommonJS with `exports.default`, which Node's import and vitest's unwrap differently. */
const OpenAPIResponseValidator: typeof import('openapi-response-validator').default = createRequire(import.meta.url)(
  'openapi-response-validator',
).default;

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is
type Any = any;

const doc = JSON.parse(readFileSync('openapi/product-order-service.openapi.json', 'utf8'));

/** One answer as the suite's `fetch` got it. */
export interface Recorded {
  readonly method: string;
  /** The path below the routes' mount point, without the query. */
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Records every answer the global `fetch` gets from an address under `mount` (the routes' prefix)
 * while a suite runs; `done()` waits for the bodies still being read and puts `fetch` back.
 */
export function recordAnswers(mount: string): { readonly answers: Recorded[]; done(): Promise<void> } {
  const answers: Recorded[] = [];
  const pending: Promise<void>[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: Any, init?: Any) => {
    const response = await original(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
    const at = url.pathname.indexOf(mount);
    if (at >= 0) {
      const method = String(
        init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET'),
      ).toUpperCase();
      const copy = response.clone();
      pending.push(
        copy.text().then(
          (body) => {
            answers.push({
              method,
              path: url.pathname.slice(at + mount.length),
              status: response.status,
              headers: Object.fromEntries(response.headers),
              body,
            });
          },
          () => undefined,
        ),
      );
    }
    return response;
  };
  return {
    answers,
    async done() {
      await Promise.all(pending);
      globalThis.fetch = original;
    },
  };
}

const resolve = (node: Any): Any => {
  if (node?.$ref === undefined) return node;
  return resolve(
    node.$ref
      .slice(2)
      .split('/')
      .reduce((at: Any, key: string) => at[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc),
  );
};

/** The operation of a method and path: a path of the document, or a listener's path among its webhooks. */
function operationOf(method: string, path: string): Any {
  const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
  for (const [template, item] of Object.entries<Any>(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return item[verb];
  }
  for (const hook of Object.values<Any>(doc.webhooks)) if (hook.post['x-listener-path'] === path) return hook[verb];
  return undefined;
}

const validators = new Map<string, Any>();

/** openapi-response-validator for one operation's status and content type, made once. */
function validatorOf(operation: Any, key: string, type: string, media: Any): Any {
  const id = `${operation.operationId} ${key} ${type}`;
  let validator = validators.get(id);
  if (validator === undefined) {
    validator = new OpenAPIResponseValidator({
      responses: { [key]: { description: '', content: { [type]: media } } },
      components: doc.components,
    } as Any);
    validators.set(id, validator);
  }
  return validator;
}

/** What is wrong with `answer` under the document: its body and declared headers; `skipped` when no operation describes it. */
export function contractFaults(answer: Recorded): string[] | 'skipped' {
  const operation = operationOf(answer.method, answer.path);
  if (operation === undefined) return 'skipped';
  const key = String(answer.status) in operation.responses ? String(answer.status) : 'default';
  const response = resolve(operation.responses[key]);
  const where = `${answer.method} ${answer.path} ${answer.status}`;
  if (response === undefined) return [`${where}: a status the operation does not list`];
  const faults: string[] = [];
  const type = answer.headers['content-type'];
  const bodyless = answer.method === 'HEAD' || answer.body === '';
  if (response.content === undefined) {
    if (!bodyless) faults.push(`${where}: a body where the document gives none`);
  } else if (!bodyless) {
    const media = response.content[type ?? ''];
    if (media === undefined) faults.push(`${where}: content type ${type}, not one of ${Object.keys(response.content)}`);
    else {
      const validator = validatorOf(operation, key, type as string, media);
      const error = validator.validateResponse(key, JSON.parse(answer.body));
      if (error) faults.push(`${where}: ${JSON.stringify(error.errors).slice(0, 600)}`);
    }
  }
  for (const [name, declared] of Object.entries<Any>(response.headers ?? {})) {
    const value = answer.headers[name.toLowerCase()];
    const schema = resolve(declared).schema;
    if (value !== undefined && schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
      faults.push(`${where}: header ${name} ${value} does not match ${schema.pattern}`);
  }
  return faults;
}
