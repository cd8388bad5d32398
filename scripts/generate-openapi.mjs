// The OpenAPI 3.1 document of the service (openapi/product-order-service.openapi.json), made from the
// two shipped schemas and the HTTP helpers' own tables (statuses, listeners, paths, page sizes), which
// it reads from the TypeScript source through esbuild: each fact stays where it is written.
import { build } from 'esbuild';

/** The tables of src/http and src/adapters the document states, read from the source. */
async function httpFacts(root) {
  const entry = `
    export { errorStatuses } from './src/http/error-message.ts';
    export { listeners } from './src/http/events.ts';
    export { defaultPageSize, maxPageSize } from './src/http/list-query.ts';
    export { defaultProductOrderPath } from './src/http/pipeline.ts';
    export { defaultIdempotencyTtlMs, maxIdempotencyKeyLength } from './src/http/idempotency.ts';
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** `node` with each `$ref` into `from` (a file's `$defs`, or its own) pointing at the document's components. */
function rehome(node, files) {
  if (Array.isArray(node)) return node.map((child) => rehome(child, files));
  if (typeof node !== 'object' || node === null) return node;
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const [file, fragment] = value.split('#');
      if (file !== '' && !files.includes(file)) throw new Error(`generate-openapi: a $ref to ${value}`);
      copy.$ref = `#/components/schemas/${fragment.replace('/$defs/', '')}`;
    } else copy[key] = rehome(value, files);
  }
  return copy;
}

const json = 'application/json';
const jsonUtf8 = 'application/json;charset=utf-8';
const problemJson = 'application/problem+json';
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const both = (schema, extra) => ({ [jsonUtf8]: { schema, ...extra }, [json]: { schema, ...extra } });
const gap = (text) => ({ 'x-spec-gap': text });

/**
 * The OpenAPI 3.1 document of the service: `orderSchema` and `inflightSchema` as shipped, their
 * valid example files (`examples`: name → order or change), the package's `version`.
 */
export async function openapiDocument(root, { orderSchema, inflightSchema, orderExamples, changeExamples, version }) {
  const facts = await httpFacts(root);
  const files = ['product-order.schema.json', 'inflight-change-product-order.schema.json'];
  const schemas = {};
  for (const source of [orderSchema, inflightSchema])
    for (const [name, def] of Object.entries(source.$defs)) {
      if (Object.hasOwn(schemas, name)) throw new Error(`generate-openapi: two $defs named ${name}`);
      schemas[name] = rehome(def, files);
    }
  for (const [name, def] of Object.entries(schemas)) schemas[name] = discriminated(def);
  Object.assign(
    schemas,
    rehome(resourceDefs(orderSchema, inflightSchema), []),
    errorSchemas(facts),
    eventSchemas(facts),
  );
  schemas.ProductOrder['x-spec-gap'] = 'The created ProductOrder is not shown; its fields are those of FIT 2.0.0.';
  schemas.InflightChangeProductOrder['x-spec-gap'] =
    'The fields of InflightChangeProductOrder are not shown; they are those of FIT 2.0.0.';

  const responses = {};
  for (const [status, entry] of Object.entries(facts.errorStatuses)) {
    const headers = {};
    if (status === '401') headers['WWW-Authenticate'] = { $ref: '#/components/headers/WWW-Authenticate' };
    if (status === '405') headers.Allow = { $ref: '#/components/headers/Allow' };
    // a 409 of a create whose Idempotency-Key is still being served says when to try again
    if (status === '409' || status === '429' || status === '503')
      headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
    headers['Content-Language'] = { $ref: '#/components/headers/Content-Language' };
    responses[`Error${status}`] = {
      description: `${entry.reason}: ${entry.text.en}`,
      headers,
      content: { ...both(ref('ErrorMessage')), [problemJson]: { schema: ref('ProblemDetails') } },
    };
  }
  responses.ListenerError = {
    description:
      'Any other outcome of a delivery: an ErrorMessage (the default response, code 0 in the specification).',
    content: { [json]: { schema: ref('ErrorMessage') }, [problemJson]: { schema: ref('ProblemDetails') } },
  };
  const errors = (statuses) =>
    Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }]));
  // what the specification lists for each operation, then what the routes add: a body's size and time
  // limits, its media type, an Idempotency-Key sent again with another body, and a callback that does
  // not answer in time
  const spec = {
    create: [400, 401, 403, 405, 406, 409, 429, 500],
    list: [400, 401, 403, 404, 405, 406, 409, 429, 500, 501, 503],
    retrieve: [400, 401, 403, 404, 405, 406, 409, 429, 500],
  };
  const added = { create: [408, 413, 415, 422, 503], list: [], retrieve: [503] };
  const withAdded = (kind) => errors([...spec[kind], ...added[kind]].sort((a, b) => a - b));
  const header = (name) => ({ $ref: `#/components/headers/${name}` });
  const lang = { 'Content-Language': header('Content-Language') };
  const examples = (files) =>
    Object.fromEntries(Object.entries(files).map(([name, value]) => [name, { summary: name, value }]));

  const paths = {
    [facts.defaultProductOrderPath]: {
      post: {
        operationId: 'createProductOrder',
        summary: 'Creates a ProductOrder',
        description:
          "Checks the ProductOrder_FVO against the field bounds, the contact-medium and party rules and R1 to R14, and creates the order. The specification does not show this endpoint's method and path; the adapters serve it at POST /productOrder, as TMF622 names it (`productOrderPath` moves it).",
        ...gap(
          'The method and path of the product order create are not shown, nor a retrieve of the created order or its events: its Location names the order, which no operation here serves.',
        ),
        tags: ['productOrder'],
        parameters: [
          { $ref: '#/components/parameters/Idempotency-Key' },
          { $ref: '#/components/parameters/Accept-Language' },
        ],
        requestBody: { required: true, content: both(ref('ProductOrder_FVO'), { examples: examples(orderExamples) }) },
        responses: {
          201: {
            description: 'Created: the product order as the service stored it.',
            headers: { Location: header('Location'), ...lang, 'Validation-Hints': header('Validation-Hints') },
            content: both(ref('ProductOrder')),
          },
          202: {
            description: 'Accepted, with no body.',
            headers: { ...lang, 'Validation-Hints': header('Validation-Hints') },
            ...gap('The product order create is not shown, so neither is its 202.'),
          },
          ...withAdded('create'),
        },
        'x-added-statuses': added.create,
      },
    },
    '/inflightChangeProductOrder': {
      post: {
        operationId: 'createInflightChangeProductOrder',
        summary: 'Creates an InflightChangeProductOrder',
        description: 'Checks the InflightChangeProductOrder_FVO and creates the change.',
        tags: ['inflightChangeProductOrder'],
        parameters: [
          { $ref: '#/components/parameters/Idempotency-Key' },
          { $ref: '#/components/parameters/Accept-Language' },
        ],
        requestBody: {
          required: true,
          content: both(ref('InflightChangeProductOrder_FVO'), { examples: examples(changeExamples) }),
        },
        responses: {
          201: {
            description: 'Created: the in-flight change as the service stored it.',
            headers: { Location: header('Location'), ...lang, 'Validation-Hints': header('Validation-Hints') },
            content: both(ref('InflightChangeProductOrder')),
          },
          202: {
            description: 'Accepted, with no body: the specification gives the 202 no data type.',
            headers: { ...lang, 'Validation-Hints': header('Validation-Hints') },
            ...gap('The body of the 202 response is not shown.'),
          },
          ...withAdded('create'),
        },
        'x-added-statuses': added.create,
      },
      get: {
        operationId: 'listInflightChangeProductOrder',
        summary: 'Lists or finds InflightChangeProductOrder objects',
        description: `Pages by offset and limit: ${facts.defaultPageSize} changes unless \`limit\` asks, at most ${facts.maxPageSize}. The specification shows neither default nor maximum, nor an order or further filters.`,
        ...gap('Default and maximum of offset and limit, ordering and further filter criteria are not shown.'),
        tags: ['inflightChangeProductOrder'],
        parameters: [
          { $ref: '#/components/parameters/fields' },
          { $ref: '#/components/parameters/offset' },
          { $ref: '#/components/parameters/limit' },
          { $ref: '#/components/parameters/Accept-Language' },
        ],
        responses: {
          200: {
            description: 'The page of changes, each with the first-level attributes `fields` names.',
            headers: { 'X-Total-Count': header('X-Total-Count'), 'X-Result-Count': header('X-Result-Count'), ...lang },
            content: both({ type: 'array', items: ref('InflightChangeProductOrderFields') }),
          },
          ...withAdded('list'),
        },
      },
    },
    '/inflightChangeProductOrder/{id}': {
      get: {
        operationId: 'retrieveInflightChangeProductOrder',
        summary: 'Retrieves an InflightChangeProductOrder by its identifier',
        tags: ['inflightChangeProductOrder'],
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'The identifier of the change.',
            schema: { type: 'string' },
          },
          { $ref: '#/components/parameters/fields' },
          { $ref: '#/components/parameters/Accept-Language' },
        ],
        responses: {
          200: {
            description: 'The change, with the first-level attributes `fields` names.',
            headers: lang,
            content: both(ref('InflightChangeProductOrderFields')),
          },
          ...withAdded('retrieve'),
        },
        'x-added-statuses': added.retrieve,
      },
    },
  };

  const webhooks = {};
  for (const listener of facts.listeners)
    webhooks[listener.operation.slice('listenTo'.length).replace(/^./, (c) => c.toLowerCase())] = {
      post: {
        operationId: listener.operation,
        summary: `Client listener for ${listener.type}`,
        description: `Receives one ${listener.type} at POST {client base}${listener.path}; the client answers 204 when it takes the event.`,
        'x-listener-path': listener.path,
        tags: ['listener'],
        security: [{ OAuth2ClientCredentials: [] }],
        requestBody: { required: true, content: { [json]: { schema: ref(listener.type) } } },
        responses: {
          204: { description: 'Notified: the event is accepted.' },
          default: { $ref: '#/components/responses/ListenerError' },
        },
      },
    };

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'FIT Product Ordering: product order and in-flight change service',
      version,
      summary: 'The TMF622 profile of AG FIT: product order create, in-flight changes, and the client listeners.',
      description:
        "Generated by product-order-validator from its JSON Schemas and its HTTP tables. What the specification leaves open is marked with `x-spec-gap`; statuses the package's routes answer beyond the specification's list are named in `x-added-statuses`.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The specification gives every path relative to {base_url}.',
        variables: { base_url: { default: 'https://api.example.com/tmf-api/productOrderingManagement/v5' } },
      },
    ],
    security: [{ OAuth2ClientCredentials: [] }],
    tags: [
      { name: 'productOrder', description: 'The product order create.' },
      { name: 'inflightChangeProductOrder', description: 'The in-flight change product order API.' },
      { name: 'listener', description: 'The client-side notification listeners.' },
    ],
    paths,
    webhooks,
    components: {
      schemas,
      responses,
      parameters: parameters(facts),
      headers: headers(),
      securitySchemes: {
        OAuth2ClientCredentials: {
          type: 'oauth2',
          description:
            'OAuth 2.0 client credentials; the token is sent as `Authorization: Bearer`. The specification shows neither the token address nor the scopes: the address below is a placeholder.',
          ...gap('Token address, scopes and the way the token is sent are not shown.'),
          flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/oauth2/token', scopes: {} } },
        },
      },
    },
  };
}

function parameters(facts) {
  return {
    fields: {
      name: 'fields',
      in: 'query',
      description: 'Comma-separated first-level attributes to return; `id`, `href` and `@type` are always returned.',
      schema: { type: 'string' },
      explode: false,
    },
    offset: {
      name: 'offset',
      in: 'query',
      description: 'Index of the first change to return.',
      schema: { type: 'integer', minimum: 0 },
    },
    limit: {
      name: 'limit',
      in: 'query',
      description: `Number of changes to return: ${facts.defaultPageSize} unless asked, at most ${facts.maxPageSize}.`,
      schema: { type: 'integer', minimum: 0 },
    },
    'Idempotency-Key': {
      name: 'Idempotency-Key',
      in: 'header',
      description: `The key of this create (the IETF httpapi draft "The Idempotency-Key HTTP Header Field"), an RFC 8941 sf-string of 1 to ${facts.maxIdempotencyKeyLength} printable ASCII characters, such as a quoted UUID: the first answer of a key is kept for ${facts.defaultIdempotencyTtlMs / 3_600_000} hours by default and replayed to a retry with the same key and body; a retry while the first is served gets 409 with Retry-After, the same key with another body 422, a malformed key 400.`,
      ...gap('The specification has no idempotency key: a create sent again is created again.'),
      schema: { type: 'string', pattern: '^ *"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\["\\\\])+" *$' },
      example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
    },
    'Accept-Language': {
      name: 'Accept-Language',
      in: 'header',
      description: 'German (`de`) or English (`en`, the default) for the messages of an error answer.',
      schema: { type: 'string' },
    },
  };
}

function headers() {
  const text = (description) => ({ description, schema: { type: 'string' } });
  const count = (description) => ({ description, schema: { type: 'string', pattern: '^[0-9]+$' } });
  return {
    Location: text('The address of the created resource: its `href`, else the collection path and its `id`.'),
    'Content-Language': text('The language of the messages: `de` or `en`.'),
    'Validation-Hints': text(
      'Near misses in a valid body, an RFC 8941 list of JSON Pointers with `code` and `suggestion`, at most 4,096 characters.',
    ),
    'X-Total-Count': count('How many changes match, in all pages.'),
    'X-Result-Count': count('How many changes this page holds.'),
    'WWW-Authenticate': text('The Bearer challenge.'),
    Allow: text('The methods the path allows.'),
    'Retry-After': text('When to try again, in seconds or as an HTTP date, when the service says so.'),
  };
}

/**
 * The resources the service answers with, as `$defs` of their own (their `$ref`s to the two schemas'
 * `$defs`): the created product order and the in-flight change as FIT 2.0.0 describes them, which the
 * specification does not show. generate.mjs also writes their TypeScript types from them.
 */
export function resourceDefs(orderSchema, inflightSchema) {
  const request = inflightSchema.$defs.InflightChangeProductOrder_FVO.properties;
  const order = orderSchema.$defs.ProductOrder_FVO.properties;
  const date = { $ref: '#/$defs/DateTime' };
  const message = { $ref: '#/$defs/Message' };
  const text = (description) => ({ description, type: 'string' });
  const inflight = {
    title: 'InflightChangeProductOrder',
    description:
      'An in-flight change as the service stored it (FIT 2.0.0): the fields of the request plus those the server sets.',
    type: 'object',
    required: ['@type', 'state', 'requestDate', 'requestPostedDate', 'entity', 'category'],
    properties: {
      ...localRefs(request),
      '@type': text('The class name, such as InflightChangeProductOrder.'),
      '@baseType': text('When sub-classing, the class the class extends.'),
      '@schemaLocation': text('A URI of a JSON Schema that defines further attributes.'),
      id: text('The identifier the service gave the change.'),
      href: text('The address of the change.'),
      state: { $ref: '#/$defs/TaskStateType', description: 'The state of the change.' },
      requestDate: { ...date, description: 'When the service received the change.' },
      requestPostedDate: { ...date, description: 'When the change was posted.' },
      requestedCompletionDate: { ...date, description: 'The rescheduled requested completion date.' },
      stateChangeDate: { ...date, description: 'When the state last changed.' },
      stateChangeMessage: { description: 'Why the state changed.', type: 'array', items: message },
      entity: { $ref: '#/$defs/EntityRef', description: 'The product order being changed.' },
      category: { description: 'Categorizes the change.', type: 'array', items: { type: 'string' } },
      closeMessage: { ...message, description: 'The message the change closed with.' },
      providerChangeInfo: { $ref: '#/$defs/ProviderChangeInfo', description: 'The details of a provider change.' },
    },
  };
  const { required: _, ...selected } = inflight;
  return {
    TaskStateType: {
      title: 'TaskStateType',
      description: 'The state of a task (FIT TaskStateType).',
      enum: ['acknowledged', 'rejected', 'inProgress', 'done', 'terminatedWithError'],
    },
    ProductOrder: {
      title: 'ProductOrder',
      description:
        'A product order as the service created it (FIT 2.0.0): the fields of the request plus those the server sets.',
      type: 'object',
      required: [
        '@type',
        'category',
        'creationDate',
        'orderPostedDate',
        'productOrderItem',
        'state',
        'stateChangeDate',
      ],
      properties: {
        ...localRefs(order),
        '@type': text('The class name, such as ProductOrder.'),
        id: text('The identifier the service gave the order.'),
        href: text('The address of the order.'),
        category: text('The category of the order, as requested.'),
        creationDate: { ...date, description: 'When the service created the order.' },
        orderPostedDate: { ...date, description: 'When the order was posted.' },
        requestedCompletionDate: { ...date, description: 'The requested completion date.' },
        expectedCompletionDate: { ...date, description: 'The completion date the provider expects.' },
        state: text(
          "The order's ProductOrderStateType: acknowledged, accepted, rejected, pending, inProgress, held, assessingCancellation or another of FIT's states, whose list was not retrieved whole.",
        ),
        stateChangeDate: { ...date, description: 'When the state last changed.' },
        description: text('A free-text description of the order.'),
        priority: text('The priority, 0 (highest) to 4 (lowest).'),
        orderIsChargingRelevant: {
          description: 'Whether the order is charged, as the provider sets it.',
          type: 'boolean',
        },
        productOrderItem: {
          description: 'The items of the order.',
          type: 'array',
          items: { $ref: '#/$defs/ProductOrderItem' },
        },
      },
    },
    InflightChangeProductOrder: inflight,
    InflightChangeProductOrderFields: {
      ...selected,
      title: 'InflightChangeProductOrderFields',
      description:
        'An in-flight change with the first-level attributes a list or retrieve asks for in `fields` (all when it is absent); `id`, `href` and `@type` are always there.',
    },
  };
}

/**
 * `def` as OpenAPI tools read a choice of variants: a schema that picks its variant by `@type` with
 * `if`/`then` becomes `oneOf` the variants with a `discriminator`. The verdict is the same, since each
 * variant requires its own `@type` constant; client generators (openapi-typescript) then give a union.
 */
function discriminated(def) {
  const parts = def.allOf ?? [];
  if (parts.length === 0 || !parts.every((part) => part.if && part.then?.$ref)) return def;
  const refs = parts.map((part) => part.then.$ref);
  const mapping = Object.fromEntries(parts.map((part) => [part.if.properties['@type'].const, part.then.$ref]));
  const { title, description } = def;
  return {
    title,
    description,
    oneOf: refs.map(($ref) => ({ $ref })),
    discriminator: { propertyName: '@type', mapping },
  };
}

/** `node` with each `$ref` into another file's `$defs` made local: `#/$defs/…`. */
function localRefs(node) {
  if (Array.isArray(node)) return node.map(localRefs);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' ? `#${value.split('#')[1]}` : localRefs(value)]),
  );
}

/** ErrorMessage, the violations and hints it lists, and RFC 9457 problem details. */
function errorSchemas(facts) {
  const truncation = {
    type: 'object',
    required: ['more', 'stopped'],
    properties: {
      more: { type: 'integer', minimum: 0, description: 'How many violations were found beyond those listed.' },
      stopped: { type: 'boolean', description: 'Whether validation stopped at its work limit.' },
    },
  };
  const finding = {
    rule: {
      type: 'string',
      description:
        "The rule broken: R1 to R14, R-field, R-party, R-contact, R-query, R-body, R-event, R-json, or a carrier's own.",
    },
    code: {
      type: 'string',
      pattern: '^[a-z][a-z0-9_]*$',
      description: 'What kind of fault: a stable snake_case code.',
    },
    params: { type: 'object', description: 'Machine-readable details, by code (see docs/rules.md).' },
  };
  const codes = Object.values(facts.errorStatuses).map((entry) => entry.code);
  return {
    Violation: {
      description: 'A broken rule: where (a JSON Pointer into the body), which rule and code, its details and message.',
      type: 'object',
      required: ['rule', 'code', 'path', 'params', 'message'],
      properties: {
        ...finding,
        path: { type: 'string', description: 'RFC 6901 JSON Pointer of the deepest node concerned.' },
        message: { type: 'string' },
      },
    },
    Hint: {
      description: 'A near miss that breaks no rule: a name or value close to a known one.',
      type: 'object',
      required: ['path', 'code', 'params', 'message'],
      properties: {
        path: { type: 'string' },
        code: { type: 'string', const: 'did_you_mean' },
        params: {
          type: 'object',
          required: ['found', 'suggestion'],
          properties: { found: { type: 'string' }, suggestion: { type: 'string' } },
        },
        message: { type: 'string' },
      },
    },
    Truncation: truncation,
    ErrorMessage: {
      title: 'ErrorMessage',
      description:
        "A TMF Error: the condition's code and reason, a message, the status, and each violation. The specification does not show its fields; these are TMF's.",
      ...gap('The fields of ErrorMessage are not shown.'),
      type: 'object',
      required: ['@type', 'code', 'reason', 'message', 'status'],
      properties: {
        '@type': { const: 'Error' },
        code: {
          type: 'string',
          description: `A stable code of the condition. The package's routes answer ${codes.join(', ')}; another service may have codes of its own.`,
        },
        reason: { type: 'string' },
        message: { type: 'string' },
        status: { type: 'string', pattern: '^[1-5][0-9]{2}$' },
        referenceError: { type: 'string' },
        violations: { type: 'array', items: ref('Violation') },
        truncated: ref('Truncation'),
        hints: { type: 'array', items: ref('Hint') },
      },
    },
    ProblemDetails: {
      title: 'ProblemDetails',
      description:
        'RFC 9457 problem details, with each violation in `errors`: where the service answers errors so, and to a request whose `Accept` prefers `application/problem+json` (an ErrorMessage to one that prefers `application/json`).',
      type: 'object',
      required: ['type', 'title', 'status', 'detail'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { type: 'string' },
        instance: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'code', 'params', 'pointer', 'detail'],
            properties: {
              ...finding,
              pointer: { type: 'string', description: 'The JSON Pointer as a URI fragment: `#/entity`.' },
              detail: { type: 'string' },
            },
          },
        },
        truncated: ref('Truncation'),
        hints: { type: 'array', items: ref('Hint') },
      },
    },
  };
}

/** The six listener events: TMF646 v4 envelopes; the specification shows none of their fields. */
function eventSchemas(facts) {
  const text = { type: 'string' };
  const envelope = (type, payload) => ({
    title: type,
    description: `A ${type}: a TMF646 v4 event envelope around ${payload === 'appointment' ? 'an Appointment' : 'a SearchTimeSlot'}.`,
    ...gap('The fields of the event payloads are not shown.'),
    type: 'object',
    required: ['event'],
    properties: {
      id: text,
      href: text,
      eventId: text,
      eventTime: { type: 'string', description: 'RFC 3339 date-time; FIT examples leave the offset out.' },
      eventType: { type: 'string', const: type },
      timeOcurred: { type: 'string', description: 'TMF646 v4 spelling.' },
      timeOccurred: { type: 'string', description: 'TMF v5 spelling.' },
      correlationId: text,
      domain: text,
      title: text,
      description: text,
      priority: text,
      event: {
        type: 'object',
        required: [payload],
        properties: { [payload]: { type: 'object' } },
      },
    },
  });
  return Object.fromEntries(
    facts.listeners.map((listener) => [listener.type, envelope(listener.type, listener.payload)]),
  );
}
