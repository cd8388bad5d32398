// Compiles the walk a guard makes of its input's arrays before ajv's code loops over a long one
// (src/guard.ts): over the arrays the schema demands unconditionally (in properties, items, $refs,
// allOf, and the branch of a union its @type selects), it counts every element against the guard's
// reads and answers false at the first element that must be an object and is not one, a hole
// included. ajv would answer false there too, but only after the loops of the rules' if/then and
// contains over every element (35.6 s for new Array(1e8)). What the schema demands only under a
// condition is left to ajv, whose loops are charged as well.
import { discriminator } from './generate-checks.mjs';

const str = JSON.stringify;

/** The $def a local `$ref` names. */
const refName = (ref) => {
  const name = /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];
  if (name === undefined) throw new Error(`cannot walk the $ref ${ref}`);
  return decodeURIComponent(name).replaceAll('~1', '/').replaceAll('~0', '~');
};

/**
 * @param defs every $def of the guards' documents, their $refs local
 * @param titled each guard's $def name and its title, the name of its export
 * @returns the module's JavaScript and declarations: a walk per guard whose $def holds an array
 */
export function shapesModule(defs, titled) {
  const functions = [];
  /** The function walking each $def, '' for one with no array to walk (or under way). */
  const named = new Map();

  const fnOf = (name) => {
    if (named.has(name)) return named.get(name);
    named.set(name, '');
    const code = walk(defs[name], 'v', 0);
    if (!code) return '';
    const fn = `shape${name.replace(/[^A-Za-z0-9]/g, '')}`;
    named.set(name, fn);
    functions.push(`function ${fn}(v) {\n${code}\nreturn true;\n}`);
    return fn;
  };

  /** Whether `sub` demands an object, itself or through its $ref. */
  const demandsObject = (sub) =>
    typeof sub === 'object' &&
    sub !== null &&
    (sub.$ref ? demandsObject(defs[refName(sub.$ref)]) : sub.type === 'object');

  /** The statements that walk the value in variable `v`, at depth `depth`, against `sub`; each returns false for a value the schema refuses. */
  function walk(sub, v, depth) {
    if (typeof sub !== 'object' || sub === null) return '';
    if (sub.$ref) {
      const fn = fnOf(refName(sub.$ref));
      return fn ? `if (!${fn}(${v})) return false;` : '';
    }
    const out = [];
    const union = discriminator(sub);
    // if/then/else, anyOf, oneOf, not and contains demand under a condition: left to ajv
    if (!union) for (const part of sub.allOf ?? []) out.push(walk(part, v, depth));
    const x = `v${depth + 1}`;
    const inObject = [];
    for (const [name, property] of Object.entries(sub.properties ?? {})) {
      const code = walk(property, x, depth + 1);
      if (code)
        inObject.push(
          `{ const ${x} = ${v}[${str(name)}]; if (${x} !== undefined && hasOwn.call(${v}, ${str(name)})) {\n${code}\n} }`,
        );
    }
    const branches = (union ?? [])
      .map(([tag, then]) => [tag, walk(then, v, depth)])
      .filter(([, code]) => code)
      .map(([tag, code]) => `if (t${depth} === ${str(tag)}) {\n${code}\n}`);
    if (branches.length)
      inObject.push(`const t${depth} = ${v}['@type']; if (hasOwn.call(${v}, '@type')) ${branches.join(' else ')}`);
    if (inObject.length) out.push(`if (isRecord(${v})) {\n${inObject.join('\n')}\n}`);
    if (typeof sub.items === 'object' && sub.items !== null) {
      const objects = demandsObject(sub.items);
      const code = walk(sub.items, x, depth + 1);
      const [i, n, plain] = [`i${depth + 1}`, `n${depth + 1}`, `p${depth + 1}`];
      // a hole is no element, and reads through no prototype of the input's
      const each = objects
        ? `if (!(${plain} ? ${i} in ${v} : hasOwn.call(${v}, ${i}))) return false;\nconst ${x} = ${v}[${i}];\nif (!isRecord(${x})) return false;`
        : `const ${x} = ${v}[${i}];`;
      if (objects || code)
        out.push(
          `if (Array.isArray(${v})) {\nconst ${n} = counted(${v});\nconst ${plain} = Object.getPrototypeOf(${v}) === Array.prototype;\nfor (let ${i} = 0; ${i} < ${n}; ${i}++) {\n${[each, code].filter(Boolean).join('\n')}\n}\n}`,
        );
    }
    return out.filter(Boolean).join('\n');
  }

  const exported = [];
  for (const [name, title] of titled) {
    const fn = fnOf(name);
    if (fn) exported.push([title, fn]);
  }
  return {
    js: `import { counted } from '../guard.js';\nimport { isRecord } from '../read.js';\n\nconst hasOwn = Object.prototype.hasOwnProperty;\n\n${functions.join('\n\n')}\n\n${exported.map(([title, fn]) => `export const ${title} = ${fn};`).join('\n')}\n`,
    dts: `${exported.map(([title]) => `/** Walks the arrays a ${title} holds: false at an element that must be an object and is not; throws past the guard's reads. */\nexport declare function ${title}(value: unknown): boolean;`).join('\n\n')}\n`,
    has: new Set(exported.map(([title]) => title)),
  };
}
