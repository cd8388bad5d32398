// Composes the one walk of a document: each node of the input read once, in path order (an object's
// properties in the order JSON Pointers compare, an array's items by index), the field tables of the
// schema compiled in place, and each rule's hand-written hooks (src/rules/<id>-<name>/check.ts, declared
// in the folder's rule.json under `walk`) called at the node they concern with plain arguments.
//
// Order by construction: at a node the walk reports, in rule order, the findings of the tables there
// (a wrong type, a value not allowed, a missing property), then calls the rules' hooks at the node,
// then walks its children in path order, then calls the `end` hooks, whose findings it inserts where
// the node's own findings end (a hook that decides about a child after the walk passed it inserts at
// a mark it took there). Nothing is sorted afterwards.
import { discriminator, joinLiterals, lengthsNear } from './generate-checks.mjs';

const str = JSON.stringify;
const token = (name) => name.replaceAll('~', '~0').replaceAll('/', '~1');
const refName = (ref) => /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];

/** Compares two property names as the tokens of JSON Pointers compare: by UTF-16 code units of the token. */
const byToken = (a, b) => {
  const x = token(a);
  const y = token(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Keywords that constrain a value, compiled for a table rule. */
const valueKeys = ['type', 'enum', 'const', 'minLength', 'maxLength', 'format', 'minItems', 'maxItems', 'required'];

/**
 * The model of the document's tree: each node with the schemas that constrain it (and the table rule
 * that owns each), the kinds ($defs) it is, its properties and items, and the branches of a union by @type.
 */
function modelOf(schema, tables, ruleOf) {
  const defs = schema.$defs;
  const newNode = () => emptyNode();
  /**
   * Adds `sub` to `node`: its constraints (owned by `owner`, a table rule, or none in a subtree a
   * hand-written rule owns), its kinds, properties, items and branches. `stack` stops recursion.
   */
  const add = (node, sub, owner, where, stack) => {
    if (sub === true || sub === undefined) return;
    if (sub.$ref) {
      const name = refName(sub.$ref);
      if (!name || !Object.hasOwn(defs, name)) throw new Error(`no $def for ${sub.$ref} at ${where}`);
      if (stack.includes(name)) throw new Error(`recursion through ${name} at ${where}`);
      const rule = ruleOf(name);
      let next = owner;
      if (rule) {
        if (tables.includes(rule)) next = rule;
        else {
          next = undefined;
          // a rule wired into an allOf whose fragment only conditions (if/then) adds no structure
          if (!defs[name].properties && !defs[name].items && !defs[name].$ref && !defs[name].type) {
            node.kinds.push(name);
            return;
          }
        }
      }
      node.kinds.push(name);
      add(node, defs[name], next, `#/$defs/${name}`, [...stack, name]);
      return;
    }
    if (owner) node.owner ??= owner;
    if (sub.type === 'array') node.array = true;
    if (sub.type === 'object') node.object = true;
    if (owner && valueKeys.some((key) => key in sub)) node.checks.push({ owner, sub, where });
    const union = discriminator(sub);
    for (const [name, child] of Object.entries(sub.properties ?? {})) {
      if (!node.props.has(name)) node.props.set(name, newNode());
      add(node.props.get(name), child, owner, `${where}/properties/${token(name)}`, stack);
    }
    if (owner) for (const name of sub.required ?? []) if (!node.props.has(name)) node.props.set(name, newNode());
    if (sub.items !== undefined) {
      node.items ??= newNode();
      add(node.items, sub.items, owner, `${where}/items`, stack);
    }
    if (union) {
      node.branches ??= [];
      for (const [tag, then] of union) {
        const branch = { tag, node: newNode() };
        add(branch.node, then, owner, `${where}/then`, stack);
        node.branches.push(branch);
      }
      // a property whose schema is another rule's (a party's contactMedium, R-contact's) is that rule's
      // whatever the branch: walked once, as a property of every object of the union
      for (const branch of node.branches)
        for (const [prop, child] of branch.node.props)
          if (child.kinds.some((kind) => ruleOf(kind) && ruleOf(kind) !== owner)) {
            if (!node.props.has(prop)) node.props.set(prop, child);
            branch.node.props.delete(prop);
          }
    } else for (const [k, part] of (sub.allOf ?? []).entries()) add(node, part, owner, `${where}/allOf/${k}`, stack);
  };
  const root = newNode();
  add(root, { $ref: schema.$ref }, tables[0], '#', []);
  return root;
}

/**
 * The walk module of `schema` (its root `$ref` the document), with `tables` the rules whose schema the
 * walk compiles (the first owns the root), `hooks` the rules' declared hooks in rule order, and `known`
 * the names and values of each place for the did-you-mean hints.
 */
export function walkModule({ schema, tables, hooks, known, ruleOf, name, imports }) {
  const model = modelOf(schema, tables, ruleOf);
  const constants = new Map();
  const constant = (value, where) => {
    const base = `allowed_${where
      .replace(/^#(\/\$defs)?\/?/, '')
      .replaceAll('/properties/', '/')
      .replace(/[^A-Za-z0-9_$]/g, '_')}`;
    const text = str(value);
    let id = base;
    for (let n = 2; constants.has(id) && constants.get(id) !== text; n++) id = `${base}_${n}`;
    constants.set(id, text);
    return id;
  };
  const hinted = new Set();
  let split;
  const firstAt = (kind, place) => {
    const list = known?.[kind].get(place);
    if (!list || hinted.has(`${kind} ${place}`)) return undefined;
    hinted.add(`${kind} ${place}`);
    return list;
  };
  const usedHooks = new Set();
  /** The hooks at `site` (a kind, or a kind and a property), in rule order, of one `kind` of call. */
  const hooksAt = (sites, kind) =>
    hooks.filter((h) => {
      const here = sites.includes(h.at) && (h.kind ?? 'pre') === kind;
      if (here) usedHooks.add(h);
      return here;
    });

  /**
   * Statements that walk the value in `v` at node `node`, its path the expression `p`; `scope` maps
   * what hooks may name: `Kind.prop` to the local holding an ancestor's property, `#list` to the index
   * of the item of `list` under way, `state:x` to a rule's state of the list under way; `sites` are
   * this node's hook sites as a property (`Kind/prop`); `place` where it stands, for the hints.
   */
  function walk(node, v, p, depth, scope, sites, place) {
    const code = walkHere(node, v, p, depth, scope, sites, place);
    const container =
      node.object || node.array || node.props.size > 0 || node.items !== undefined || node.branches !== undefined;
    return depth > 0 && container && node.kinds.length > 0 ? split(code) : code;
  }

  function walkHere(node, v, p, depth, scope, sites, place) {
    const out = [];
    const kinds = node.kinds;
    const hookSites = [...sites, ...kinds];
    const branchKinds = (node.branches ?? []).flatMap((b) => b.node.kinds);
    const isObject = node.object || node.props.size > 0 || node.branches !== undefined;
    const isArray = !isObject && (node.array || node.items !== undefined);
    const locals = new Map();
    const x = `v${depth + 1}`;
    const tag = node.branches ? `t${depth}` : undefined;
    const n = `n${depth + 1}`;
    const scopeHere = new Map(scope);
    const arg = (a) => {
      if (a === 'node') return v;
      if (a === 'n') return isArray ? n : 'undefined';
      if (a.startsWith('#') || a.startsWith('state:') || a.includes('.')) {
        if (!scopeHere.has(a)) throw new Error(`${a} is not in scope at ${hookSites.join(', ')}`);
        return scopeHere.get(a);
      }
      if (!locals.has(a)) throw new Error(`${a} is no property at ${hookSites.join(', ')}`);
      return locals.get(a);
    };
    const call = (h) => {
      const own = (a) => (a.startsWith('state:') ? `state:${h.module}:${a.slice(6)}` : a);
      const args = (h.args ?? []).map((a) => arg(own(a)));
      const fn = `${h.module}.${h.call}`;
      const state = `s_${h.module}_${h.state}`;
      // a hook that takes a rule's state has nothing to do where the rule has none
      const states = (h.args ?? []).filter((a) => a.startsWith('state:')).map((a) => arg(own(a)));
      const when = states.map((st) => `${st} !== undefined`).join(' && ');
      if (h.kind === 'start') {
        scopeHere.set(`state:${h.module}:${h.state}`, state);
        return `let ${state} = ${when ? `${when} ? ` : ''}${fn}(f, ${args.join(', ')})${when ? ' : undefined' : ''};`;
      }
      if (h.kind === 'each' || h.kind === 'end')
        return `if (${arg(own(`state:${h.state}`))} !== undefined) ${fn}(f, ${args.join(', ')});`;
      if (when) return `if (${when}) ${fn}(f, ${args.join(', ')});`;
      return `${fn}(f, ${args.join(', ')});`;
    };
    const branchCalls = (kind) =>
      (node.branches ?? [])
        .map((b) => {
          const calls = hooksAt(b.node.kinds, kind).map(call);
          return calls.length ? `if (${tag} === ${str(b.tag)}) {\n${calls.join('\n')}\n}` : '';
        })
        .filter(Boolean);

    // the properties: those the schema gives, and those the hooks here name
    const props = new Map(node.props);
    for (const b of node.branches ?? [])
      for (const prop of b.node.props.keys()) if (!props.has(prop)) props.set(prop, undefined);
    if (isObject)
      for (const h of hooks)
        for (const kind of [...kinds, ...branchKinds]) {
          if (h.at.startsWith(`${kind}/`) && !props.has(h.at.slice(kind.length + 1)))
            props.set(h.at.slice(kind.length + 1), undefined);
          if (h.at === kind)
            for (const a of h.args ?? [])
              if (!['node', 'n'].includes(a) && !/^[#]|^state:|\./.test(a) && !props.has(a)) props.set(a, undefined);
        }
    const names = isObject ? [...props.keys()].sort(byToken) : [];
    for (const [k, prop] of names.entries()) locals.set(prop, `p${depth}_${k}`);
    for (const kind of [...kinds, ...branchKinds])
      for (const prop of names) scopeHere.set(`${kind}.${prop}`, locals.get(prop));

    // 1. the node read: an object's properties once each, an array's length once
    const is = isObject ? `is${depth}` : isArray ? `list${depth}` : undefined;
    if (isObject) {
      if (names.length) out.push(`let ${names.map((prop) => locals.get(prop)).join(', ')};`);
      out.push(`const ${is} = isRecord(${v});`);
      const key = `k${depth}`;
      const cases = names.map(
        (prop) =>
          `case ${str(prop)}: { const ${x} = ${v}[${key}]; if (${x} !== undefined && hasOwn.call(${v}, ${key})) ${locals.get(prop)} = ${x}; break; }`,
      );
      // the names known here, for the hints: of the first table that checks something of the object's
      // properties (an agreement, whose one property is R13's, has none)
      const parts = [node, ...(node.branches ?? []).map((b) => b.node)];
      const hinter = tables.find((table) =>
        parts.some(
          (part) =>
            part.checks.some((c) => c.owner === table && c.sub.required?.length) ||
            [...part.props.values()].some((child) => child.checks.some((c) => c.owner === table)),
        ),
      );
      const open = hinter ? firstAt('names', place) : undefined;
      if (open) {
        const rest = open.filter((name) => !props.has(name));
        if (rest.length) cases.push(`${rest.map((name) => `case ${str(name)}:`).join(' ')} break;`);
        cases.push(
          `default: f.spend(1); ${nearCheck(key, constant(open, `${place || '#'}/names`), lengthsNear(open), p, 'strayKey', str(hinter))}`,
        );
      } else cases.push('default: f.spend(1);');
      // without hints to look for, the names known here are read directly: the others are not met at all
      if (open) out.push(`if (${is}) for (const ${key} in ${v}) switch (${key}) {\n${cases.join('\n')}\n}`);
      else
        out.push(
          `if (${is}) {\n${names
            .map(
              (prop) =>
                `${locals.get(prop)} = ${v}[${str(prop)}]; if (${locals.get(prop)} !== undefined && !hasOwn.call(${v}, ${str(prop)})) ${locals.get(prop)} = undefined;`,
            )
            .join('\n')}\n}`,
        );
      if (tag) out.push(`const ${tag} = ${locals.get('@type')};`);
    } else if (isArray) {
      out.push(`const ${is} = Array.isArray(${v});`, `const ${n} = ${is} ? f.visit(${v}) : 0;`);
    }

    // 2. the tables' findings at this node, in rule order
    for (const { owner, sub, where } of node.checks) {
      const rule = str(owner);
      const type = sub.type;
      if (type === 'object') out.push(`if (!${is}) f.wrongType(${rule}, ${p}, 'object', ${v});`);
      else if (type === 'array') out.push(`if (!${is}) f.wrongType(${rule}, ${p}, 'array', ${v});`);
      else if (type === 'string') {
        const checks = [];
        if (sub.minLength !== undefined)
          checks.push(
            `if (${v}.length < ${2 * sub.minLength} && codePointLength(${v}) < ${sub.minLength}) f.add(${rule}, 'too_short', ${p}, { limit: ${sub.minLength} });`,
          );
        if (sub.maxLength !== undefined)
          checks.push(
            `if (${v}.length > ${sub.maxLength} && (${v}.length > ${2 * sub.maxLength} || codePointLength(${v}) > ${sub.maxLength})) f.add(${rule}, 'too_long', ${p}, { limit: ${sub.maxLength} });`,
          );
        if (sub.format === 'date-time') checks.push(`if (!isDateTime(${v})) f.dateTime(${rule}, ${p}, ${v});`);
        else if (sub.format) throw new Error(`format ${sub.format} at ${where}`);
        const named = sub.enum || sub.const !== undefined ? undefined : firstAt('values', place);
        if (named)
          checks.push(
            `if (!(${named.map((a) => `${v} === ${str(a)}`).join(' || ')})) ${nearCheck(v, constant(named, `${where}/values`), lengthsNear(named), p, 'stray', rule)}`,
          );
        out.push(
          checks.length
            ? `if (typeof ${v} !== 'string') f.wrongType(${rule}, ${p}, 'string', ${v});\nelse {\n${checks.join('\n')}\n}`
            : `if (typeof ${v} !== 'string') f.wrongType(${rule}, ${p}, 'string', ${v});`,
        );
      } else if (type) throw new Error(`type ${type} at ${where}`);
      if (isObject)
        for (const prop of sub.required ?? [])
          out.push(`if (${is} && ${locals.get(prop)} === undefined) f.missing(${rule}, ${p}, ${str(prop)});`);
      if (isArray && (sub.minItems !== undefined || sub.maxItems !== undefined))
        out.push(`if (${is}) f.count(${rule}, ${p}, ${n}, ${sub.minItems ?? 0}, ${sub.maxItems ?? 'Infinity'});`);
      const allowed = sub.enum ?? (sub.const !== undefined ? [sub.const] : undefined);
      if (allowed) {
        const code = p.endsWith('"/@type"') ? 'unknown_type' : 'not_allowed';
        const test = allowed.map((a) => `${v} === ${str(a)}`).join(' || ') || 'false';
        const guard = '';
        out.push(
          allowed.every((a) => typeof a === 'string')
            ? `if (${guard}!(${test})) f.outside(${rule}, '${code}', ${p}, ${v}, ${constant(allowed, where)});`
            : `if (${guard}!(${test})) f.add(${rule}, '${code}', ${p}, { allowed: ${constant(allowed, where)} });`,
        );
      }
    }
    for (const b of node.branches ?? []) {
      const req = b.node.checks.flatMap(({ owner, sub }) =>
        (sub.required ?? []).map(
          (prop) => `if (${locals.get(prop)} === undefined) f.missing(${str(owner)}, ${p}, ${str(prop)});`,
        ),
      );
      if (req.length) out.push(`if (${tag} === ${str(b.tag)}) {\n${req.join('\n')}\n}`);
    }

    // 3. the rules' hooks at this node, whatever its type; and the updates of a list's state
    out.push(...hooksAt(hookSites, 'pre').map(call), ...branchCalls('pre'));
    out.push(...hooksAt(hookSites, 'each').map(call), ...branchCalls('each'));
    if (!is) return out.join('\n');

    // 4. the children in path order, between the start and the end of the rules' states
    const inner = [];
    inner.push(...hooksAt(hookSites, 'start').map(call));
    const ends = hooksAt(hookSites, 'end');
    if (ends.length) inner.push(`const m${depth} = f.mark();`);
    if (isObject) {
      for (const prop of names) {
        const l = locals.get(prop);
        const code = [];
        const childSites = kinds.map((kind) => `${kind}/${prop}`);
        const child = node.props.get(prop) ?? emptyNode();
        code.push(
          walk(
            child,
            l,
            `${p} + ${str(`/${token(prop)}`)}`,
            depth + 1,
            scopeHere,
            childSites,
            `${place}/${token(prop)}`,
          ),
        );
        for (const b of node.branches ?? []) {
          const bChild = b.node.props.get(prop);
          const bSites = b.node.kinds.map((kind) => `${kind}/${prop}`);
          if (!bChild && !hooks.some((h) => bSites.includes(h.at))) continue;
          const bCode = walk(
            bChild ?? emptyNode(),
            l,
            `${p} + ${str(`/${token(prop)}`)}`,
            depth + 1,
            scopeHere,
            bSites,
            `${place}/${token(prop)}`,
          );
          if (bCode) code.push(`if (${tag} === ${str(b.tag)}) {\n${bCode}\n}`);
        }
        const body = code.filter(Boolean).join('\n');
        if (body) inner.push(`if (${l} !== undefined) {\n${body}\n}`);
      }
    } else if (node.items) {
      const i = `i${depth + 1}`;
      const a = `a${depth + 1}`;
      const listName = sites.length ? sites[0].slice(sites[0].indexOf('/') + 1) : kinds[0];
      scopeHere.set(`#${listName}`, i);
      const item = walk(node.items, x, `${p} + '/' + ${i}`, depth + 1, scopeHere, [], `${place}/*`);
      if (item)
        inner.push(
          `for (let ${i} = 0, ${a} = elementsOf(${v}, ${n}); ${i} < ${n}; ${i}++) { const ${x} = ${i} in ${a} ? ${a}[${i}] : undefined;\n${item}\n}`,
        );
    }
    if (ends.length) inner.push(`f.at(m${depth});`, ...ends.map(call), 'f.at(-1);');
    if (inner.length) out.push(`if (${is}) {\n${inner.join('\n')}\n}`);
    return out.join('\n');
  }

  const functions = [];
  /**
   * `code`, the walk of a node that is a $def, as a function of its own (each keeps its own budget of
   * inlining in V8), called with the variables of the walk around it that it reads: the same names.
   */
  split = (code) => {
    const declared = new Set();
    for (const [, names] of code.matchAll(/\blet ((?:\w+, )*\w+);/g))
      for (const name of names.split(', ')) declared.add(name);
    for (const [, name] of code.matchAll(/\b(?:const|let) (\w+) =/g)) declared.add(name);
    for (const [, a, b] of code.matchAll(/for \(let (\w+) = 0, (\w+) =/g)) declared.add(a).add(b);
    for (const [, name] of code.matchAll(/for \(const (\w+) in/g)) declared.add(name);
    const used = new Set(code.match(/\b(?:p|v\d+|p\d+_\d+|i\d+|n\d+|s_\w+|t\d+)\b/g));
    const params = ['f', ...[...used].filter((name) => !declared.has(name)).sort()];
    const name = `walk${functions.length}`;
    functions.push(`function ${name}(${params.join(', ')}) {\n${code}\n}`);
    return `${name}(${params.join(', ')});`;
  };
  const code = walk(model, 'v', 'p', 0, new Map(), [], '');
  const unused = hooks.filter((h) => !usedHooks.has(h));
  if (unused.length)
    throw new Error(`hooks at no node: ${unused.map((h) => `${h.module}.${h.call} at ${h.at}`).join(', ')}`);
  const declared = [...constants].map(([id, value]) => `const ${id} = /* @__PURE__ */ Object.freeze(${value});`);
  return joinLiterals`${imports}\n\nconst hasOwn = Object.prototype.hasOwnProperty;\n${declared.join('\n')}\n\nexport function ${name}(v, p, f) {\n${code}\n}\n\n${functions.join('\n\n')}\n`;
}

/** The hint check of the string in `v` against `known`, skipped for a length no name of the list is near. */
function nearCheck(v, known, mask, path, stray, rule) {
  return `if (${v}.length < 32 && (${mask} >>> ${v}.length) & 1) f.${stray}(${rule}, ${path}, ${v}, ${known});`;
}

/** A node the schema says nothing of. */
function emptyNode() {
  return {
    kinds: [],
    checks: [],
    props: new Map(),
    items: undefined,
    branches: undefined,
    owner: undefined,
    array: false,
    object: false,
  };
}

/**
 * The walk's module `text` (as {@link walkModule} writes it, after `header`) cut into modules of at
 * most `maxLines` lines, by path under `dir`: `walk.js`, the exported walk and its imports;
 * `walk-allowed.js`, the frozen lists of allowed names and values; and `walk-<n>.js`, the functions
 * of the walk in the order they were written, each calling only those before it, so that no module
 * imports one after it.
 */
export function walkModules(text, header, dir, maxLines) {
  const imports = text.match(/^import .*$/gm);
  const constants = text.match(/^const allowed_\w+ = .*$/gm) ?? [];
  const start = text.indexOf('\nexport function ');
  const at = [...text.matchAll(/^function walk\d+\(/gm)].map((m) => m.index);
  const main = text.slice(start + 1, at[0] ?? text.length).trimEnd();
  const functions = at.map((from, i) => text.slice(from, at[i + 1] ?? text.length).trimEnd());
  const defined = new Map();
  /** The imports of `code`: what it names of the imports, the allowed lists and the functions before. */
  const importsOf = (code) => {
    const words = new Set(code.match(/\b[\w$]+\b/g));
    const lines = [];
    for (const line of imports) {
      const star = line.match(/^import \* as (\w+) from/);
      if (star) {
        if (words.has(star[1])) lines.push(line);
        continue;
      }
      const [, names, from] = line.match(/^import \{ (.*) \} from (.*);$/);
      const used = names.split(', ').filter((name) => words.has(name));
      if (used.length) lines.push(`import { ${used.join(', ')} } from ${from};`);
    }
    const allowed = constants.map((c) => c.match(/^const (\w+)/)[1]).filter((name) => words.has(name));
    if (allowed.length) lines.push(`import { ${allowed.join(', ')} } from './walk-allowed.js';`);
    const byModule = new Map();
    for (const [name, module] of defined)
      if (words.has(name)) byModule.set(module, [...(byModule.get(module) ?? []), name]);
    for (const [module, names] of byModule) lines.push(`import { ${names.join(', ')} } from './${module}';`);
    const own = words.has('hasOwn') ? '\nconst hasOwn = Object.prototype.hasOwnProperty;' : '';
    return `${lines.join('\n')}\n${own}`;
  };
  const files = {};
  const parts = [];
  for (const fn of functions) {
    const last = parts.at(-1);
    const lines = fn.split('\n').length + 1;
    if (last && last.lines + lines <= maxLines - 40) {
      last.code.push(fn);
      last.lines += lines;
    } else parts.push({ code: [fn], lines });
  }
  parts.forEach((part, i) => {
    const name = `walk-${i + 1}.js`;
    const code = part.code.map((fn) => `export ${fn}`).join('\n\n');
    const first = part.code[0].match(/^function (\w+)/)[1];
    const last = part.code.at(-1).match(/^function (\w+)/)[1];
    files[`${dir}/${name}`] =
      `${header}// the walk's functions ${first} to ${last}, each the walk of a node of a $def\n${importsOf(code)}\n\n${code}\n`;
    for (const fn of part.code) defined.set(fn.match(/^function (\w+)/)[1], name);
  });
  files[`${dir}/walk-allowed.js`] =
    `${header}// the lists of allowed names and values the walk compares with\n${constants.map((c) => `export ${c}`).join('\n')}\n`;
  files[`${dir}/walk.js`] = `${header}${importsOf(main)}\n\n${main}\n`;
  for (const [path, module] of Object.entries(files))
    if (module.split('\n').length > maxLines) throw new Error(`${path} has more than ${maxLines} lines`);
  return files;
}
