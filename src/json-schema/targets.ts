// The shipped draft 2020-12 schema in the other dialects of Standard JSON Schema v1.

/** A JSON Schema as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema dialects the Standard Schema objects convert to. */
export type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0';

type Translate = (schema: JsonSchema) => JsonSchema;
type Definitions = Record<string, JsonSchema> | undefined;

const vendor = 'product-order-validator: ';
const targets: Target[] = ['draft-2020-12', 'draft-07', 'openapi-3.0'];

/**
 * The keywords whose values hold subschemas, by how: a schema, a list of schemas, a map of schemas. The values of
 * all other keywords are copied; test/json-schema-targets.test.ts lists those the shipped schemas may use.
 */
const keywords = [['items', 'contains', 'if', 'then', 'else'], ['allOf'], ['properties', '$defs']];

/**
 * The schema (draft 2020-12, `$defs` at its root, refs of the form `#/$defs/Name`) in `target`'s dialect: a new
 * object, the input untouched. Throws a TypeError naming the supported targets for any other target.
 */
export function toTarget(schema: JsonSchema, target: unknown): JsonSchema {
  const convert = [structuredClone<JsonSchema>, draft07, openApi][targets.indexOf(target as Target)];
  if (!convert)
    throw new TypeError(`${vendor}unsupported JSON Schema target '${String(target)}'; use ${targets.join(', ')}`);
  return convert(schema);
}

/** A copy of the schema with each subschema translated. */
function descend(schema: JsonSchema, translate: Translate): JsonSchema {
  if (typeof schema !== 'object') fail('schema', schema);
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    const kind = keywords.findIndex((list) => list.includes(key));
    copy[key] =
      kind < 0
        ? structuredClone(value)
        : kind < 1
          ? translate(value as JsonSchema)
          : kind < 2
            ? (value as JsonSchema[]).map(translate)
            : Object.fromEntries(
                Object.entries(value as JsonSchema).map(([name, sub]) => [name, translate(sub as JsonSchema)]),
              );
  }
  return copy;
}

/** Draft-07 names `$defs` `definitions` and ignores the siblings of `$ref`. */
function draft07(schema: JsonSchema): JsonSchema {
  // a derived document must not claim the shipped schema's URI
  const { $id, $ref, $defs, ...copy } = descend(schema, draft07);
  if (copy.$schema) copy.$schema = 'http://json-schema.org/draft-07/schema#';
  if ($defs) copy.definitions = $defs;
  return $ref === undefined
    ? copy
    : withRef(copy, { $ref: ($ref as string).replace(/^#\/\$defs\//, '#/definitions/') });
}

/**
 * An OpenAPI 3.0 Schema Object holds no definitions and knows neither `const`, `if` nor `contains`;
 * of `examples` it knows one, as `example`.
 */
function openApi(schema: JsonSchema, defs = schema.$defs as Definitions, path: string[] = []): JsonSchema {
  // definitions are inlined where referred to: those a def holds itself (a form's) are left out unread
  const { $defs: nested, ...own } = schema;
  const {
    $defs,
    $schema,
    $id,
    $ref,
    const: value,
    if: test,
    then: yes,
    else: no,
    contains,
    examples,
    ...copy
  } = descend(nested === undefined || nested === defs ? schema : own, (sub) => openApi(sub, defs, path));
  if (value !== undefined) merge(copy, { enum: [value] });
  if (Array.isArray(examples) && examples.length > 0) copy.example = examples[0];
  if (test) {
    const unless = { not: structuredClone(test) };
    merge(copy, { anyOf: [{ allOf: [test, yes ?? {}] }, no ? { allOf: [unless, no] } : unless] });
  }
  if (contains) merge(copy, { not: { type: 'array', items: { not: contains } } });
  return $ref === undefined ? copy : withRef(copy, inline($ref as string, defs, path));
}

/** The translation of the `$defs` entry `ref` names. */
function inline(ref: string, defs: Definitions = {}, path: string[]): JsonSchema {
  const name = ref.slice(8);
  if (!ref.startsWith('#/$defs/') || !Object.hasOwn(defs, name)) fail('$ref', ref);
  if (path.includes(name)) fail('recursive $ref', ref);
  return openApi(defs[name], defs, [...path, name]);
}

/** The schema with `target` in place of its `$ref`, kept apart when the schema says more. */
function withRef(schema: JsonSchema, target: JsonSchema): JsonSchema {
  return Object.keys(schema).length ? merge(schema, { allOf: [target] }) : target;
}

/** Adds the keywords of `part` to the schema, or `part` to its `allOf` when a keyword is already taken. */
function merge(schema: JsonSchema, part: JsonSchema): JsonSchema {
  if (!Object.keys(part).some((key) => key in schema)) return Object.assign(schema, part);
  schema.allOf = [...((schema.allOf ?? []) as JsonSchema[]), part];
  return schema;
}

function fail(what: string, value: unknown): never {
  throw new Error(`${vendor}cannot translate ${what} '${value}'`);
}
