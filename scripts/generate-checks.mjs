// Compiles the field, contact-medium and party tables of the schema into checks that report findings
// directly: one function per table, each object walked once over its own keys, one finding per faulty
// node, no error mapping.
// It compiles the subset of draft 2020-12 those tables use and refuses, naming the schema path,
// any other keyword or form: one the checks would silently skip must fail the build instead.

/**
 * The $def that a local `$ref` names, `#/$defs/NAME` with NAME one JSON Pointer token in a URI
 * fragment (percent-encoded, ~0 for ~ and ~1 for /), else undefined.
 */
function refName(ref) {
  const token = /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];
  if (token === undefined) return undefined;
  let name;
  try {
    name = decodeURIComponent(token);
  } catch {
    return undefined;
  }
  if (name.includes('/') || /~(?![01])/.test(name)) return undefined;
  return name.replaceAll('~1', '/').replaceAll('~0', '~');
}
const str = JSON.stringify;
/** A name as a JSON Pointer reference token. */
const token = (name) => name.replaceAll('~', '~0').replaceAll('/', '~1');

const annotations = new Set(['title', 'description', '$comment']);

/** The keywords that only apply to one type, which must then be given beside them. */
const typed = {
  minLength: 'string',
  maxLength: 'string',
  format: 'string',
  minItems: 'array',
  maxItems: 'array',
  items: 'array',
};

/**
 * A bit per length (below 32) a near miss of one of `names` may have, as src/near.ts judges it: a
 * name of 8 or more characters two more or fewer, of 4 or more one, a shorter one its own.
 */
export function lengthsNear(names) {
  let mask = 0;
  for (const { length } of names) {
    const limit = length >= 8 ? 2 : length >= 4 ? 1 : 0;
    for (let n = Math.max(0, length - limit); n <= Math.min(31, length + limit); n++) mask |= 1 << n;
  }
  return `0x${(mask >>> 0).toString(16)}`;
}

/**
 * [tag value, `then`] of each branch of a union selected by @type (enum plus `if @type = X then
 * $ref`), else undefined. The checks run only the branch whose tag the object has, which is what the
 * schema says only when an `if` tests the tag alone, on objects that have it: each `if` must be
 * `{ type?: 'object', required?: ['@type'], properties: { '@type': { const: X } } }`, `@type` required
 * (by the `if` or beside the allOf) and the value an object (by the `if` or beside the allOf). In any
 * other form the `if` is compiled as a keyword, which the compiler refuses.
 */
export function discriminator(sub) {
  const parts = sub.allOf ?? [];
  if (!sub.properties?.['@type']?.enum || !parts.length) return undefined;
  const only = (node, keys) =>
    typeof node === 'object' && node !== null && Object.keys(node).every((k) => keys.includes(k) || annotations.has(k));
  const tagOnly = (b) => {
    const test = b.if;
    if (!only(b, ['if', 'then']) || !only(test, ['type', 'required', 'properties'])) return false;
    if (!only(test.properties, ['@type']) || !only(test.properties['@type'], ['const'])) return false;
    if (typeof test.properties['@type'].const !== 'string') return false;
    if (test.type !== undefined && test.type !== 'object') return false;
    if (test.required !== undefined && str(test.required) !== '["@type"]') return false;
    const required = test.required !== undefined || (sub.required ?? []).includes('@type');
    return required && (test.type === 'object' || sub.type === 'object') && typeof b.then?.$ref === 'string';
  };
  if (!parts.every(tagOnly)) return undefined;
  return parts.map((b) => [b.if.properties['@type'].const, b.then]);
}

/** Keywords the compiler understands; annotations are ignored. */
const known = new Set([
  'type',
  'required',
  'properties',
  'items',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'format',
  '$ref',
  'allOf',
  'title',
  'description',
  '$comment',
]);

/** The module text with adjacent string literals of a path joined: `p + "/a" + '/' + i` becomes `p + "/a/" + i`. */
export function joinLiterals(strings, ...values) {
  let js = String.raw({ raw: strings }, ...values);
  js = js.replaceAll(`" + '/'`, `/"`);
  for (let before = ''; before !== js; ) {
    before = js;
    js = js.replace(/"((?:[^"\\\n]|\\.)*)" \+ "((?:[^"\\\n]|\\.)*)"/g, '"$1$2"');
  }
  return js;
}

/**
 * @param tables each export's name, the $def it checks, and the schema's $defs as its rule sees them
 *   (the $defs of other rules replaced by `true`); with `known`, the place of the order it checks
 * @param known what the whole schema names at each place (scripts/generate-names.mjs): the walk that
 *   first reaches a place reports an unknown property there near a known one, and a string the
 *   checks leave open (a product's @type) near a value named there, as `did_you_mean` hints
 */
export function checksModule(tables, known) {
  const constants = new Map();
  const functions = [];
  const hinted = new Set();
  for (const { name, root, defs, place } of tables)
    functions.push(...compile(name, root, defs, constants, known && { ...known, hinted, place: place ?? '' }));
  const declared = [...constants].map(([name, value]) => `const ${name} = /* @__PURE__ */ Object.freeze(${value});`);
  const exports = tables.map(({ name, root }) => `export const ${name} = ${name}${root.replace(/[^A-Za-z0-9]/g, '')};`);
  const dts = tables.map(
    ({ name }) =>
      `/** Reports the faults of \`value\`, found at the JSON Pointer \`path\`, to \`found\`. */\nexport declare function ${name}(value: unknown, path: string, found: Findings): void;`,
  );
  return {
    js: joinLiterals`import { elementsOf, isRecord, lengthOf } from '../read.js';\nimport { codePointLength, isDateTime } from '../schema-runtime.js';\n\nconst hasOwn = Object.prototype.hasOwnProperty;\n${declared.join('\n')}\n\n${functions.join('\n\n')}\n\n${exports.join('\n')}\n`,
    dts: `import type { Findings } from '../read.js';\n\n${dts.join('\n\n')}\n`,
  };
}

/**
 * The functions checking `root` and every $def it reaches, named after `prefix`; the constants they
 * use go to `constants` (name to JSON text), shared by the tables of one module.
 *
 * No name counts what came before it, so that adding a property to the schema changes only the lines
 * of that property: a variable is named after the depth of the value it holds in the checked document
 * (`v` the document, `v1` a property or item of it, `k1`/`s1`/`t1` the key, the required properties
 * seen and the @type tag of `v1`, `i2` the index of its item `v2`); a constant after the schema path it
 * stands at, from its $def (`allowed_Party_role`), with a suffix should two paths give one name.
 */
function compile(prefix, root, defs, constants, hints) {
  const fn = (def) => `${prefix}${def.replace(/[^A-Za-z0-9]/g, '')}`;
  const constant = (value, where) => {
    const path = where.replace(/^#(\/\$defs)?\/?/, '').replaceAll('/properties/', '/');
    const base = `allowed_${path.replace(/[^A-Za-z0-9_$]/g, '_')}`;
    const text = str(value);
    let name = base;
    for (let n = 2; constants.has(name) && constants.get(name) !== text; n++) name = `${base}_${n}`;
    constants.set(name, text);
    return name;
  };
  const inlining = [];

  /** Refuses the schema at `where` for `why`: the build fails, naming where. */
  const refuse = (where, why) => {
    throw new Error(`cannot compile ${why} at ${where}`);
  };

  /** The names (or values) `hints` knows at `place` the first time a walk asks, else undefined. */
  const firstAt = (kind, place) => {
    const list = hints?.[kind].get(place);
    if (!list || hints.hinted.has(`${kind} ${place}`)) return undefined;
    hints.hinted.add(`${kind} ${place}`);
    return list;
  };

  /**
   * Statements that check the value in variable `v`, at depth `depth` of the document, at the path
   * expression `p` against `sub`, found at the schema path `where`; `place` is where `v` stands in an
   * order, `*` for any index.
   */
  function body(sub, v, p, where, depth, place) {
    if (sub === true || sub === undefined) return '';
    if (typeof sub !== 'object' || sub === null) refuse(where, `the schema ${str(sub)}`);
    for (const key of Object.keys(sub)) if (!known.has(key)) refuse(where, `keyword ${key}`);
    if (sub.$ref) {
      const beside = Object.keys(sub).filter((key) => key !== '$ref' && !annotations.has(key));
      if (beside.length) refuse(where, `${beside.join(', ')} beside $ref`);
      // inlined, so that a path is only built for a fault; only the root may be reached again
      const name = refName(sub.$ref);
      if (name === undefined || !Object.hasOwn(defs, name)) refuse(where, `$ref ${sub.$ref} to no $def`);
      if (defs[name] === true) return '';
      if (inlining.includes(name)) {
        if (name !== root) refuse(where, `recursion through ${sub.$ref} below the root`);
        return `${fn(name)}(${v}, ${p}, f);`;
      }
      inlining.push(name);
      const code = body(defs[name], v, p, `#/$defs/${name}`, depth, place);
      inlining.pop();
      return code;
    }
    for (const [key, type] of Object.entries(typed))
      if (key in sub && sub.type !== type) refuse(where, `${key} without type ${type}`);
    if (sub.allOf && !(sub.type === 'object' || sub.required || sub.properties))
      refuse(where, 'allOf outside an object with properties');
    for (const value of sub.enum ?? (sub.const !== undefined ? [sub.const] : []))
      if (typeof value === 'object' && value !== null)
        refuse(where, `the ${sub.enum ? 'enum' : 'const'} ${str(value)}`);
    const out = [];
    const at = (name) => `${p} + ${str(`/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`)}`;
    const union = discriminator(sub);

    if (sub.type === 'object' || sub.required || sub.properties) {
      const inner = [];
      // one walk over the keys the object has: a key read in a for-in loop is a fast load whatever
      // the object's shape, and properties that are absent cost nothing
      const required = sub.required ?? [];
      const properties = sub.properties ?? {};
      if (required.length > 30) refuse(where, 'more than 30 required properties');
      const key = `k${depth}`;
      const seen = `s${depth}`;
      // each property's value in a block of its own, so all may have the one name
      const x = `v${depth + 1}`;
      const cases = [];
      for (const name of new Set([...required, ...Object.keys(properties)])) {
        // own properties only: `properties.toString` is no schema for a property named toString
        const code = Object.hasOwn(properties, name)
          ? body(properties[name], x, at(name), `${where}/properties/${name}`, depth + 1, `${place}/${token(name)}`)
          : '';
        const bit = required.indexOf(name);
        if (!code && bit < 0) continue;
        const mark = bit < 0 ? '' : `${seen} |= ${1 << bit}; `;
        cases.push(
          `case ${str(name)}: { const ${x} = ${v}[${key}]; if (${x} !== undefined && hasOwn.call(${v}, ${key})) { ${mark}${code} } break; }`,
        );
      }
      if (cases.length) {
        // a key that has no case is unknown here unless the schema names it elsewhere at this place
        const names = firstAt('names', place);
        if (names) {
          const open = names.filter((name) => !cases.some((c) => c.startsWith(`case ${str(name)}:`)));
          if (open.length) cases.push(`${open.map((name) => `case ${str(name)}:`).join(' ')} break;`);
          // a key of a length no known name is near (id, href) is not looked up at all
          const mask = lengthsNear(names);
          cases.push(`default: f.spend(1); ${nearCheck(key, constant(names, `${where}/names`), mask, p, 'strayKey')}`);
        } else cases.push('default: f.spend(1);');
        if (required.length) inner.push(`let ${seen} = 0;`);
        // a key the schema does not name here is a read of the validation's budget; the keys it names
        // are as many as its cases at most
        inner.push(`for (const ${key} in ${v}) switch (${key}) {
${cases.join('\n')}
}`);
        inner.push(...required.map((name, bit) => `if (!(${seen} & ${1 << bit})) f.missing(${p}, ${str(name)});`));
      }
      const read = (name) => `${v}[${str(name)}]`;
      const owns = (name) => `hasOwn.call(${v}, ${str(name)})`;
      if (union) {
        const tag = `t${depth}`;
        const branches = union.map(
          ([value, then], k) =>
            `if (${tag} === ${str(value)}) {\n${body(then, v, p, `${where}/allOf/${k}/then`, depth, place)}\n}`,
        );
        inner.push(`const ${tag} = ${read('@type')}; if (${owns('@type')}) ${branches.join(' else ')}`);
      } else inner.push(...(sub.allOf ?? []).map((part, k) => body(part, v, p, `${where}/allOf/${k}`, depth, place)));
      const code = inner.filter(Boolean);
      out.push(
        sub.type === 'object'
          ? guard(`!isRecord(${v})`, `f.wrongType(${p}, 'object', ${v});`, code)
          : `if (isRecord(${v})) {\n${code.join('\n')}\n}`,
      );
    } else if (sub.type === 'array') {
      const x = `v${depth + 1}`;
      const i = `i${depth + 1}`;
      const n = `n${depth + 1}`;
      const a = `a${depth + 1}`;
      // the length read once and charged to the budget before the loop, so that a Proxy or a getter
      // cannot make the loop longer than was charged
      const item = body(sub.items, x, `${p} + '/' + ${i}`, `${where}/items`, depth + 1, `${place}/*`);
      const inner = [];
      if (item) inner.push(`const ${n} = f.visit(${v});`);
      if (sub.minItems !== undefined || sub.maxItems !== undefined)
        inner.push(
          `f.count(${p}, ${item ? n : `lengthOf(${v})`}, ${sub.minItems ?? 0}, ${sub.maxItems ?? 'Infinity'});`,
        );
      // a hole is no element (a JSON array has none): it reads undefined, never through a prototype
      if (item)
        inner.push(
          `for (let ${i} = 0, ${a} = elementsOf(${v}, ${n}); ${i} < ${n}; ${i}++) { const ${x} = ${i} in ${a} ? ${a}[${i}] : undefined; ${item} }`,
        );
      out.push(guard(`!Array.isArray(${v})`, `f.wrongType(${p}, 'array', ${v});`, inner));
    } else if (sub.type === 'string') {
      const inner = [];
      // code points: at most .length, at least half of it; count them only when that is not enough
      if (sub.minLength !== undefined)
        inner.push(
          `if (${v}.length < ${2 * sub.minLength} && codePointLength(${v}) < ${sub.minLength}) f.add('too_short', ${p}, { limit: ${sub.minLength} });`,
        );
      // past twice the bound in units the count of code points is no question: no long string is scanned
      if (sub.maxLength !== undefined)
        inner.push(
          `if (${v}.length > ${sub.maxLength} && (${v}.length > ${2 * sub.maxLength} || codePointLength(${v}) > ${sub.maxLength})) f.add('too_long', ${p}, { limit: ${sub.maxLength} });`,
        );
      if (sub.format === 'date-time') inner.push(`if (!isDateTime(${v})) f.dateTime(${p}, ${v});`);
      else if (sub.format) refuse(where, `format ${sub.format}`);
      // values the schema names here but these checks leave open: a near miss of one gets a hint
      const named = sub.enum || sub.const !== undefined ? undefined : firstAt('values', place);
      if (named)
        inner.push(
          `if (!(${named.map((a) => `${v} === ${str(a)}`).join(' || ')})) ${nearCheck(v, constant(named, `${where}/values`), lengthsNear(named), p)}`,
        );
      out.push(guard(`typeof ${v} !== 'string'`, `f.wrongType(${p}, 'string', ${v});`, inner));
    } else if (sub.type) refuse(where, `type ${str(sub.type)}`);

    const allowed = sub.enum ?? (sub.const !== undefined ? [sub.const] : undefined);
    if (allowed) {
      const code = p.endsWith(`"/@type"`) ? 'unknown_type' : 'not_allowed';
      // an empty enum allows no value
      const test = allowed.map((a) => `${v} === ${str(a)}`).join(' || ') || 'false';
      // a string value not allowed may be a near miss of one that is: the violation and its hint
      out.push(
        allowed.every((a) => typeof a === 'string')
          ? `if (!(${test})) f.outside('${code}', ${p}, ${v}, ${constant(allowed, where)});`
          : `if (!(${test})) f.add('${code}', ${p}, { allowed: ${constant(allowed, where)} });`,
      );
    }
    return out.join('\n');
  }

  /**
   * The hint check of the string in `v` against the list in constant `known`: skipped for a length
   * no name of the list is near; Findings.stray skips the string the last check at this list found
   * near none (the same unknown name comes back in every item).
   */
  function nearCheck(v, known, mask, path, stray = 'stray') {
    return `if (${v}.length < 32 && (${mask} >>> ${v}.length) & 1) f.${stray}(${path}, ${v}, ${known});`;
  }

  /** `if (fails) fault; else { checks }`, without an empty branch. */
  function guard(fails, fault, checks) {
    return checks.length ? `if (${fails}) ${fault}\nelse {\n${checks.join('\n')}\n}` : `if (${fails}) ${fault}`;
  }

  inlining.push(root);
  const code = body(defs[root], 'v', 'p', root === '' ? '#' : `#/$defs/${root}`, 0, hints?.place ?? '');
  if (code.includes(`${fn(root)}(`)) throw new Error(`${root} is recursive; emit its callees too`);
  return [`function ${fn(root)}(v, p, f) {\n${code}\n}`];
}
