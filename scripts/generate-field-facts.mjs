// The field facts a form is built from, read from the schema: for each field of the order and its
// parts (per variant where the schema branches on @type) its JSON Pointer pattern, whether it is
// required, its lengths, pattern, format, allowed values and, for an object or a @type, the fields that
// appear; with the words of each form language read from src/form-labels/<lang>.ts when this runs, so
// that no label is written twice. One module per language: src/registry/field-facts-<lang>.ts.
import { build } from 'esbuild';
import { namesAt } from './generate-names.mjs';
import { branches, refTarget, shapeOf } from './generate-types.mjs';

const refName = (ref) => ref.replace('#/$defs/', '');
const token = (name) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** TMF's sub-classing trio, which an object with `@baseType` carries: no field a form shows (as the blanks). */
const meta = ['@type', '@baseType', '@schemaLocation'];

/** `sub` with its `$ref` chain followed, the referring schema's own keywords over the target's. */
function resolve(defs, sub) {
  let out = sub;
  for (let n = 0; out && typeof out.$ref === 'string' && n < 16; n++) {
    const { $ref, ...own } = out;
    out = { ...refTarget(defs, $ref), ...own };
  }
  return out ?? {};
}

/**
 * The language-neutral facts of `schema`, in the order of the schema's fields: each
 * `{ pointer, variant?, required, type?, ... }` as `FieldFact` in src/form/field-facts.ts describes
 * it, but without words. `variant` is kept where one pointer has different facts per variant.
 */
export function fieldFactsOf(schema) {
  const defs = schema.$defs;
  const { values: named } = namesAt(schema);
  const facts = [];

  /**
   * The facts of the value `sub` at `pointer` and of everything inside it; `formOnly` where the
   * validator checks none of it, `rowsFormOnly` where it checks the list but not its rows.
   */
  function visit(sub, pointer, required, variant, depth, formOnly = false, rowsFormOnly = false) {
    if (depth > 16) throw new Error(`field facts: ${pointer} is nested too deep`);
    const s = resolve(defs, sub);
    const fact = { pointer, required };
    if (formOnly) fact.formOnly = true;
    if (variant !== undefined) fact.variant = variant;
    facts.push(fact);
    if (typeof s.type === 'string') fact.type = s.type;
    else if (s.const !== undefined || s.enum) fact.type = 'string';
    for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems'])
      if (typeof s[key] === 'number') fact[key] = s[key];
    if (s.format === 'date-time') fact.format = 'datetime-local';
    else if (typeof s.pattern === 'string') fact.pattern = s.pattern;
    const allowed = s.const !== undefined ? [s.const] : s.enum;
    const offered = named.get(pointer) ?? s.examples;
    if (allowed) fact.options = allowed.map((value) => ({ value }));
    else if (fact.type === 'string' && offered) {
      // a free string whose values the schema names in its rules or its examples: offered, not enforced
      fact.options = offered.map((value) => ({ value }));
      fact.open = true;
    }
    if (s.type === 'array' && s.items)
      visit(s.items, `${pointer}/*`, false, undefined, depth + 1, formOnly || rowsFormOnly);
    const union = branches(s);
    if (union) {
      fact.fields = ['@type'];
      const type = { pointer: `${pointer}/@type`, required: true };
      if (formOnly) type.formOnly = true;
      Object.assign(type, { type: 'string', options: [] });
      facts.push(type);
      for (const ref of union) {
        const branch = defs[refName(ref)];
        const value = branch.properties['@type'].const;
        const fields = object(branch, pointer, value, depth, formOnly);
        type.options.push({ value, fields });
      }
      return;
    }
    if (s.type === 'object' || s.properties) {
      const fields = object(s, pointer, undefined, depth, formOnly);
      if (fields.length > 0) fact.fields = fields;
    }
  }

  /** The facts of the fields of the object `s` at `pointer` (of the variant `variant`, all `formOnly`); its field names. */
  function object(s, pointer, variant, depth, formOnly = false) {
    const { properties, required } = shapeOf(defs, s, true);
    // what a form asks where the specification is silent: required by the form, checked by no validator;
    // a field of both (a site's nested places) is checked, its rows are the form's
    const form = s.$defs?.form ?? {};
    const ofForm = (name) => Object.hasOwn(form.properties ?? {}, name);
    const ofSpec = (name) => Object.hasOwn(s.properties ?? {}, name);
    const skip = '@baseType' in properties ? meta : variant === undefined ? [] : ['@type'];
    const fields = Object.keys(properties).filter((name) => !skip.includes(name));
    for (const name of fields)
      visit(
        properties[name],
        `${pointer}/${token(name)}`,
        required.has(name) || (form.required ?? []).includes(name),
        variant,
        depth + 1,
        formOnly || (ofForm(name) && !ofSpec(name)),
        ofForm(name) && ofSpec(name),
      );
    return variant === undefined ? fields : ['@type', ...fields];
  }

  visit(schema, '', true, undefined, 0);
  facts.shift(); // the order itself is the form, not a field of it
  characteristics(schema, facts);
  productPlaces(schema, facts);
  conditions(schema, facts);
  return merged(facts);
}

/**
 * The demands of the order's conditional rules (R1, R9 to R12, R14: an `if` on the order, a `then`
 * on its parts, with the `if`s nested in it) on the fields they concern, as each field's
 * `conditions`: `{ when, required?, options?, minItems?, maxItems?, among? }`, `when` the values of
 * other fields (pointers, `*` the row of the field's own) that make the demand hold.
 */
function conditions(schema, facts) {
  const defs = schema.$defs;
  const add = (pointer, when, demand) => {
    const targets = facts.filter((fact) => fact.pointer === pointer);
    if (targets.length === 0) throw new Error(`field facts: no field ${pointer} for a condition`);
    for (const fact of targets) {
      const { required, ...rest } = demand;
      const news = fact.required || !required ? rest : demand;
      if (Object.keys(news).length === 0) continue;
      fact.conditions ??= [];
      const same = fact.conditions.find((other) => JSON.stringify(other.when) === JSON.stringify(when));
      if (same) Object.assign(same, news);
      else fact.conditions.push({ when, ...news });
    }
  };
  /** The values an `if` asks at `place`: pointer → the values a `const` or `enum` allows. */
  const whenOf = (sub, place, out) => {
    for (const [name, property] of Object.entries(resolve(defs, sub).properties ?? {})) {
      const p = resolve(defs, property);
      const at = `${place}/${token(name)}`;
      const values = p.const !== undefined ? [p.const] : p.enum;
      if (values) out[at] = values;
      else whenOf(p, at, out);
    }
    return out;
  };
  /** The demands of the schema `sub` at `place`, holding `when`. */
  const demands = (sub, place, when, depth) => {
    if (depth > 16) throw new Error(`field facts: a condition at ${place} is nested too deep`);
    const s = resolve(defs, sub);
    const own = {};
    if (s.const !== undefined) own.options = [s.const];
    else if (s.enum) own.options = s.enum;
    for (const key of ['minItems', 'maxItems']) if (typeof s[key] === 'number') own[key] = s[key];
    if (Object.keys(own).length > 0) add(place, when, own);
    for (const name of s.required ?? []) add(`${place}/${token(name)}`, when, { required: true });
    for (const [name, property] of Object.entries(s.properties ?? {}))
      demands(property, `${place}/${token(name)}`, when, depth + 1);
    // a list that must contain a row with a value: one of those values per key, for the row that lacks it
    const among = new Map();
    for (const row of containsOf(s))
      for (const [key, value] of Object.entries(resolve(defs, row).properties ?? {}))
        if (typeof value.const === 'string') among.set(key, [...(among.get(key) ?? []), value.const]);
    for (const [key, values] of among) add(`${place}/*/${token(key)}`, when, { among: values });
    if (s.items) demands(s.items, `${place}/*`, when, depth + 1);
    if (s.if && s.then) demands(s.then, place, { ...when, ...whenOf(s.if, place, {}) }, depth + 1);
  };
  for (const part of resolve(defs, schema).allOf ?? []) {
    const rule = resolve(defs, part);
    if (rule.if && rule.then) demands(rule.then, '', whenOf(rule.if, '', {}), 0);
  }
}

/** The strings `const` of the schemas `subs` demand at `key` (each resolved), in order, once each. */
const constsAt = (defs, subs, key) => [
  ...new Set(
    subs.map((sub) => resolve(defs, sub ?? {}).properties?.[key]?.const).filter((value) => typeof value === 'string'),
  ),
];

/** The schemas a list's `contains` demands, its own and those of its `allOf` members. */
const containsOf = (list) => [list?.contains, ...(list?.allOf ?? []).map((part) => part.contains)].filter(Boolean);

/**
 * What the schema (R10 to R12) demands of the places of a new order's product, per product type, on
 * the option of that type: `places`, the count of places and the roles among them, and the
 * characteristics of the site in the role the rule checks. Read from each condition on an order
 * item's product @type.
 */
function productPlaces(schema, facts) {
  const defs = schema.$defs;
  const item = '/productOrderItem/*';
  const type = facts.find((fact) => fact.pointer === `${item}/product/@type`);
  const seen = new Set();
  namesAt(schema, (sub, place) => {
    if (place !== item || !sub.if || !sub.then || seen.has(sub)) return;
    seen.add(sub);
    const tag = resolve(defs, resolve(defs, sub.if).properties?.product ?? {}).properties?.['@type'];
    const products = tag?.const !== undefined ? [tag.const] : (tag?.enum ?? []);
    const list = sub.then.properties?.product?.properties?.relatedPlace;
    if (products.length === 0 || !list) return;
    const places = {};
    if (typeof list.minItems === 'number') places.minItems = list.minItems;
    if (typeof list.maxItems === 'number') places.maxItems = list.maxItems;
    places.roles = constsAt(defs, [...containsOf(list), list.items], 'role');
    const [role] = constsAt(defs, [list.items?.if], 'role');
    const site = resolve(defs, list.items?.then?.properties?.place ?? {});
    const characteristics = containsOf(site.properties?.geographicSiteCharacteristic).map(
      (demand) => demand.properties?.name?.const,
    );
    if (role !== undefined && characteristics.length > 0) places.site = { role, characteristics };
    for (const product of products) {
      const option = type?.options?.find((other) => other.value === product);
      if (!option) throw new Error(`field facts: no product type ${product} at ${item}/product/@type`);
      option.places = places;
    }
  });
}

/**
 * The facts of a characteristic's `value` per characteristic name, where the schema (R10, R12)
 * names a characteristic and says what its value is: the variant is the name.
 */
function characteristics(schema, facts) {
  const seen = new Set();
  namesAt(schema, (sub, place) => {
    const name = sub.properties?.name?.const;
    const value = sub.properties?.value;
    if (typeof name !== 'string' || !value || seen.has(`${place} ${name}`)) return;
    seen.add(`${place} ${name}`);
    const fact = { pointer: `${place}/value`, required: (sub.required ?? []).includes('value'), variant: name };
    if (typeof value.type === 'string') fact.type = value.type;
    for (const key of ['minLength', 'maxLength']) if (typeof value[key] === 'number') fact[key] = value[key];
    if (typeof value.pattern === 'string') fact.pattern = value.pattern;
    const at = facts.findLastIndex((other) => other.pointer === fact.pointer);
    if (at < 0) throw new Error(`field facts: no field ${fact.pointer} for the characteristic ${name}`);
    facts.splice(at + 1, 0, fact);
  });
}

/**
 * The facts with one per pointer where the variants agree: a fact met twice (a part two variants
 * share) is kept once, a pointer's variants that are all alike become one fact without a variant, and
 * so does a field of one variant only; a pointer with a fact of no variant (the fallback) keeps its
 * variants.
 */
function merged(facts) {
  const byPointer = new Map();
  for (const fact of facts) {
    const group = byPointer.get(fact.pointer) ?? [];
    if (!group.some((other) => JSON.stringify(other) === JSON.stringify(fact))) group.push(fact);
    byPointer.set(fact.pointer, group);
  }
  const same = (a, b) => JSON.stringify({ ...a, variant: 0 }) === JSON.stringify({ ...b, variant: 0 });
  const out = [];
  for (const group of byPointer.values()) {
    const fallback = group.some((fact) => fact.variant === undefined);
    if (!fallback && group.every((fact) => same(fact, group[0]))) {
      const { variant, ...one } = group[0];
      out.push(one);
    } else out.push(...group);
  }
  return out;
}

/** The module `contents` (TypeScript, importing from `root`) bundled and imported now: the package's code as it ships. */
export async function bundledModule(root, contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/**
 * The labels of `lang` as the package builds them (src/form-labels/<lang>.ts), read by bundling the
 * module now; with `defineLabels`, to label a field alone, without the list item it sits in.
 */
export async function labelsOf(root, lang) {
  const { labels, defineLabels } = await bundledModule(
    root,
    `export { labels${lang.charAt(0).toUpperCase()}${lang.slice(1)} as labels } from './src/form-labels/${lang}.ts';\nexport { defineLabels } from './src/form/labels.ts';`,
  );
  // a field's own label: no "(Kontakt 2)" after it, an item named by its noun alone
  return defineLabels({ ...labels, item: (noun) => noun, within: (field) => field });
}

/** The label of the value `value` in `labels`, the value itself when they have none. */
const valueLabel = (labels, value) =>
  Object.hasOwn(labels.values, value) && typeof labels.values[value] === 'string' ? labels.values[value] : value;

/** `pointer` with each `*` an index, as the labels read a path. */
const concrete = (pointer) => pointer.replaceAll('/*', '/0');

/**
 * The words of a pattern: the message the labels give when a value misses it, with the field's own
 * label; none when the labels say of this pattern what they say of any (they cannot describe it).
 */
function patternText(labels, fact) {
  const finding = (pattern) => ({
    rule: 'R-field',
    code: 'pattern_mismatch',
    path: concrete(fact.pointer),
    params: fact.variant === undefined ? { pattern } : { pattern, name: fact.variant },
  });
  const text = labels.message(finding(fact.pattern), undefined);
  return typeof text === 'string' && text !== labels.message(finding('(?:)'), undefined) ? text : undefined;
}

/** `facts` in the words of `labels`: each with its label, each option with its label, patterns described. */
export function labelled(facts, labels) {
  return facts.map((fact) => {
    const label =
      fact.variant !== undefined && fact.pointer.endsWith('/value')
        ? valueLabel(labels, fact.variant)
        : labels.field(concrete(fact.pointer));
    const out = { pointer: fact.pointer, label };
    for (const [key, value] of Object.entries(fact)) {
      if (key === 'pointer') continue;
      if (key === 'options')
        out.options = value.map(({ value, ...rest }) => ({ value, label: valueLabel(labels, value), ...rest }));
      else out[key] = value;
      if (key === 'pattern') {
        const text = patternText(labels, fact);
        if (text !== undefined) out.patternText = text;
      }
    }
    return out;
  });
}

/** The module of the field facts in `lang`, `facts` labelled by `labels`. */
export function fieldFactsModule(facts, lang, labels, header) {
  const name = `fieldFacts${lang.charAt(0).toUpperCase()}${lang.slice(1)}`;
  const lines = labelled(facts, labels).map((fact) => `    ${JSON.stringify(fact)},`);
  return `${header}import type { FieldFacts } from '../form/field-facts.js';

/**
 * The facts of each field of an order form, with the words of labels${name.slice(10)}: read with {@link describeField}.
 * @example
 * \`\`\`ts
 * import { describeField, ${name} } from 'product-order-validator';
 *
 * describeField(${name}, '/relatedParty/0/partyOrPartyRole/contactMedium/1/phoneNumber')?.maxLength; // 30
 * \`\`\`
 */
export const ${name}: FieldFacts = {
  lang: ${JSON.stringify(lang)},
  fields: [
${lines.join('\n')}
  ],
};
`;
}

/**
 * The patterns of the fields a form enforces itself (`formOnly`), as regular expression literals, so
 * that nothing builds one from a string at run time: a module of its own, read by `formOnlyRule`.
 */
export function formPatternsModule(facts, header) {
  const patterns = [
    ...new Set(facts.filter((fact) => fact.formOnly && fact.pattern).map((fact) => fact.pattern)),
  ].sort();
  const entries = patterns.map((pattern) => `  [${JSON.stringify(pattern)}, /${pattern.replaceAll('/', '\\/')}/u],`);
  return `${header}
/** The pattern of each field a form enforces itself, by its text in the schema. */
export const formPatterns: ReadonlyMap<string, RegExp> = /* @__PURE__ */ new Map([
${entries.join('\n')}
]);
`;
}
