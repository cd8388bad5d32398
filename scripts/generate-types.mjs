// TypeScript types from the schema's titled $defs. A def whose @type is an enum and whose allOf
// holds only `if @type = X then $ref` becomes a union discriminated on @type.

const refName = (ref) => ref.replace('#/$defs/', '');

/** A TSDoc comment of a schema's description, which TypeDoc and editors show. */
function doc(text, indent = '') {
  return text ? `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n` : '';
}

function literal(value) {
  return JSON.stringify(value);
}

function branches(sub) {
  const parts = sub.allOf ?? [];
  if (!parts.length || !parts.every((p) => p.if && p.then?.$ref)) return undefined;
  return parts.map((p) => p.then.$ref);
}

export function typesModule(schema) {
  const defs = schema.$defs;

  /** Properties and required names of an object def, merged with those of plain allOf members. */
  function shape(sub) {
    const properties = { ...(sub.properties ?? {}) };
    const required = new Set(sub.required ?? []);
    for (const part of sub.allOf ?? []) {
      const target = part.$ref ? defs[refName(part.$ref)] : part;
      if (!target || target.if || (target.title && !target.properties)) continue;
      const inner = shape(target);
      Object.assign(properties, inner.properties);
      for (const name of inner.required) required.add(name);
    }
    return { properties, required };
  }

  function type(sub) {
    if (sub === true || sub === undefined) return 'unknown';
    if (sub.$ref) {
      const target = defs[refName(sub.$ref)];
      return target.title ?? type(target);
    }
    if (sub.const !== undefined) return literal(sub.const);
    if (sub.enum) return sub.enum.map(literal).join(' | ');
    if (sub.type === 'string') return 'string';
    if (sub.type === 'array') {
      const item = type(sub.items);
      return /[ |]/.test(item) ? `Array<${item}>` : `${item}[]`;
    }
    if (sub.type === 'object' || sub.properties) return objectType(sub, '');
    return 'unknown';
  }

  function objectType(sub, indent) {
    const { properties, required } = shape(sub);
    const lines = Object.entries(properties).map(([name, prop]) => {
      const optional = required.has(name) ? '' : '?';
      return `${doc(prop.description, `${indent}  `)}${indent}  ${literal(name)}${optional}: ${type(prop)};`;
    });
    lines.push(`${indent}  [property: string]: unknown;`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  const out = [];
  for (const sub of Object.values(defs)) {
    if (!sub.title) continue;
    const name = sub.title;
    const union = branches(sub);
    if (union) {
      out.push(
        `${doc(sub.description)}export type ${name} = ${union.map((ref) => defs[refName(ref)].title).join(' | ')};`,
      );
    } else if (sub.type === 'object') {
      out.push(`${doc(sub.description)}export interface ${name} ${objectType(sub, '')}`);
    } else {
      out.push(`${doc(sub.description)}export type ${name} = ${type(sub)};`);
    }
  }
  return `${out.join('\n\n')}\n`;
}
