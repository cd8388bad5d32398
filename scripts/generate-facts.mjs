// Reads from the schema the facts the hand-written rules need (roles, place kinds, product types,
// characteristic names and patterns, counts and lengths), each at the schema path that states it,
// so that the rules state none of them again. A rule's facts are named in its folder's rule.json;
// those of the field table that several rules read are named here. A fact not where it is read
// from fails the build.
//
// A fact is `{ at, kind }`, a value at a JSON Pointer of the schema:
//   string, strings, number   the value itself (strings: a list of at least one string)
//   count, length             `{ min, max }` of minItems/maxItems, of minLength/maxLength
//   characteristic            `{ name, pattern }` of a `contains` of a characteristic's name and value
//                             (`{ name, text: length }` when the value has no pattern)
// or a composite of facts, without `at`:
//   list        `of: [fact, ...]`, a list of their values (a list of one string: one fact `string`)
//   object      `of: { key: fact, ... }`, an object of their values
//   difference  `of: [fact, fact, ...]`, the strings of the first that none of the others has

/** The facts of the field table that several rules read, each at a path of a $def no rule owns. */
const fieldFacts = {
  newCategory: {
    doc: 'The category of a new order (R1, R9 to R12).',
    at: '#/$defs/NewOrder/properties/category/const',
    kind: 'string',
  },
  address: {
    doc: 'The @type of a GeographicAddress place.',
    at: '#/$defs/GeographicAddress/properties/@type/const',
    kind: 'string',
  },
  site: {
    doc: 'The @type of a GeographicSite place.',
    at: '#/$defs/GeographicSite/properties/@type/const',
    kind: 'string',
  },
  placeRef: { doc: 'The @type of a PlaceRef place.', at: '#/$defs/PlaceRef/properties/@type/const', kind: 'string' },
  referredTypes: {
    doc: 'What a PlaceRef may refer to.',
    kind: 'list',
    of: [{ at: '#/$defs/PlaceRef/properties/@referredType/const', kind: 'string' }],
  },
  locationB: {
    doc: 'The role of the place whose site R10 and R12 check.',
    at: '#/$defs/LocationB/properties/role/const',
    kind: 'string',
  },
};

/** The value at the JSON Pointer `pointer` (`#/...`) of `schema`; throws, naming it, when there is none. */
function reader(schema) {
  return (pointer, kind) => {
    let node = schema;
    for (const token of pointer.slice(2).split('/')) {
      const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
      node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? node[key] : undefined;
    }
    const fits =
      kind === 'strings'
        ? Array.isArray(node) && node.length > 0 && node.every((v) => typeof v === 'string')
        : typeof node === kind;
    if (!fits) throw new Error(`facts: no ${kind} at ${pointer}`);
    return node;
  };
}

/** The value of the fact `fact` in the schema `read` reads; `where` names it in an error. */
function factValue(fact, read, where) {
  const { kind, of } = fact ?? {};
  const bounds = (low, high) => ({
    min: read(`${fact.at}/${low}`, 'number'),
    max: read(`${fact.at}/${high}`, 'number'),
  });
  switch (kind) {
    case 'string':
    case 'strings':
    case 'number':
      return read(fact.at, kind);
    case 'count':
      return bounds('minItems', 'maxItems');
    case 'length':
      return bounds('minLength', 'maxLength');
    case 'characteristic': {
      // a characteristic's value is checked by a pattern, or else by its length
      const value = `${fact.at}/contains/properties/value`;
      const name = read(`${fact.at}/contains/properties/name/const`, 'string');
      if (read(`${value}/type`, 'string') !== 'string') throw new Error(`facts: no string value at ${value}`);
      let pattern;
      try {
        pattern = read(`${value}/pattern`, 'string');
      } catch {
        return { name, text: factValue({ at: value, kind: 'length' }, read, where) };
      }
      return { name, pattern: new RegExp(pattern, 'u') };
    }
    case 'list':
      if (!Array.isArray(of)) break;
      return of.map((part, k) => factValue(part, read, `${where}/${k}`));
    case 'object':
      if (!of || typeof of !== 'object' || Array.isArray(of)) break;
      return Object.fromEntries(
        Object.entries(of).map(([key, part]) => [key, factValue(part, read, `${where}.${key}`)]),
      );
    case 'difference': {
      if (!Array.isArray(of) || of.length < 2) break;
      const [from, ...others] = of.map((part, k) => factValue(part, read, `${where}/${k}`));
      const left = others.flat();
      if (!Array.isArray(from)) throw new Error(`facts: ${where}: the first of a difference is no list`);
      return from.filter((value) => !left.includes(value));
    }
  }
  throw new Error(
    `facts: ${where}: no kind string, strings, number, count, length, characteristic, list, object or difference with its at or of`,
  );
}

/** The module of facts of `schema`: those of the field table, then those the folders of `rules` name. */
export function factsModule(schema, rules = []) {
  const read = reader(schema);
  const facts = {};
  const named = [['the field table', fieldFacts], ...rules.map((rule) => [rule.id, rule.facts ?? {}])];
  for (const [owner, owned] of named)
    for (const [name, fact] of Object.entries(owned)) {
      if (Object.hasOwn(facts, name)) throw new Error(`facts: ${name} of ${owner} is named twice`);
      if (typeof fact?.doc !== 'string' || fact.doc === '') throw new Error(`facts: ${name} of ${owner} has no doc`);
      facts[name] = [fact.doc, factValue(fact, read, `${name} of ${owner}`)];
    }
  const lines = Object.entries(facts).map(
    ([name, [doc, value]]) => `/** ${doc} */\nexport const ${name} = ${source(value)} as const;`,
  );
  return `${lines.join('\n\n')}\n`;
}

/** `value` as TypeScript source: JSON, but a RegExp as its literal. */
function source(value) {
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([key, v]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${source(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}
