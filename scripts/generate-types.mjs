// TypeScript types from the schema's titled $defs. A def whose @type is an enum and whose allOf
// holds only `if @type = X then $ref` becomes a union discriminated on @type. An object lists its
// known fields only, so that form libraries walk exactly the order's paths; an object whose fields
// the spec does not show keeps an index signature, and `Open<T>` opens any other (docs/decisions/0180-tmf-s-extensibility-against-typed-paths.md).

const refName = (ref) => ref.replace('#/$defs/', '');

/**
 * The schema `ref` points at: a $def (`#/$defs/Name`) or a part of one
 * (`#/$defs/PostalAddressContactMedium/properties/postcode`).
 */
export function refTarget(defs, ref) {
  const [name, ...rest] = refName(ref).split('/');
  let out = defs[name];
  for (const key of rest) out = out?.[key.replaceAll('~1', '/').replaceAll('~0', '~')];
  return out;
}

/** A TSDoc comment of a schema's description, which TypeDoc and editors show. */
function doc(text, indent = '') {
  return text ? `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n` : '';
}

function literal(value) {
  return JSON.stringify(value);
}

export function branches(sub) {
  const parts = sub.allOf ?? [];
  if (!parts.length || !parts.every((p) => p.if && p.then?.$ref)) return undefined;
  return parts.map((p) => p.then.$ref);
}

/**
 * Properties and required names of an object def, merged with those of plain allOf members; with
 * `form`, also the fields its `$defs.form` names: what an order form asks where the specification
 * is silent and the validator checks nothing (a place's address), never required.
 */
export function shapeOf(defs, sub, form = false) {
  const properties = { ...(sub.properties ?? {}), ...(form ? (sub.$defs?.form?.properties ?? {}) : {}) };
  const required = new Set(sub.required ?? []);
  for (const part of sub.allOf ?? []) {
    const target = part.$ref ? defs[refName(part.$ref)] : part;
    if (!target || target.if || (target.title && !target.properties)) continue;
    const inner = shapeOf(defs, target, form);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  // a required field the schema does not describe further, such as a characteristic's value
  for (const name of required)
    properties[name] ??= { description: 'Required; the schema does not describe it further.' };
  return { properties, required };
}

/** The open type, emitted with the order's types: TMF's extensibility, which the precise types leave out. */
const openType = `/**
 * \`T\` with TMF's extension fields: any further property, of unknown type. The generated types list
 * the spec's fields only, so that form libraries (react-hook-form's \`Path\`, TanStack's \`DeepKeys\`)
 * walk exactly the order's paths. The validators keep every extension field at run time; a caller
 * reads one through this type, e.g. \`(result.value as Open<ProductOrderFVO>)['x-carrierRef']\`.
 * It opens one level: \`Open<RelatedParty>\` for the extension fields of a related party.
 */
export type Open<T> = T & { [property: string]: unknown };`;

/** The name of a def's form-values type: ProductOrderFVO becomes ProductOrderFormValues. */
const formName = (title) => `${title.replace(/FVO$/, '')}FormValues`;

/**
 * The module of the types of `schema.$defs`; with `forms`, also {@link openType} and for each object
 * def with known fields its form-values type: what a form holds before it is valid, strings possibly
 * `''`, selects (enums) unset or `''`.
 * @param {{ $defs: Record<string, any> }} schema
 * @param {{ forms?: boolean }} [options]
 */
export function typesModule(schema, options = {}) {
  const defs = schema.$defs;

  const shape = (sub, form = false) => shapeOf(defs, sub, form);

  /** Whether an object def says nothing of its fields: it stays open (an index signature). */
  const opaque = (sub) => Object.keys(shape(sub).properties).length === 0;

  /** Whether a def's form-values type differs from its type: an object with known fields, or their union. */
  function hasForm(sub) {
    const union = branches(sub);
    if (union) return true;
    return sub.type === 'object' && !opaque(sub);
  }

  /** The type of `sub`; in a form's values (`form`), that of the form-values types. */
  function type(sub, form) {
    if (sub === true || sub === undefined) return 'unknown';
    if (sub.$ref) {
      const target = refTarget(defs, sub.$ref);
      if (!target.title) return type(target, form);
      return form && hasForm(target) ? formName(target.title) : target.title;
    }
    if (sub.const !== undefined) return literal(sub.const);
    if (sub.enum) return sub.enum.map(literal).join(' | ') + (form ? ` | ''` : '');
    if (sub.type === 'string') return 'string';
    if (sub.type === 'boolean') return 'boolean';
    if (sub.type === 'array') {
      const item = type(sub.items, form);
      return /[ |]/.test(item) ? `Array<${item}>` : `${item}[]`;
    }
    // a union the def does not name, such as a form's rows of a site's nested places
    const union = branches(sub);
    if (union) return union.map((ref) => type({ $ref: ref }, form)).join(' | ');
    if (sub.type === 'object' || sub.properties) return objectType(sub, '', form);
    return 'unknown';
  }

  function objectType(sub, indent, form) {
    const { properties, required } = shape(sub, form);
    if (Object.keys(properties).length === 0) return `{\n${indent}  [property: string]: unknown;\n${indent}}`;
    const lines = Object.entries(properties).map(([name, prop]) => {
      // a select a form has not set yet is unset; a discriminating const stays, it picks the variant
      const select = form && prop.enum !== undefined;
      const optional = required.has(name) && !select ? '' : '?';
      const own = prop.description ?? (prop.$ref ? refTarget(defs, prop.$ref)?.description : undefined);
      const formField = form && Object.hasOwn(sub.$defs?.form?.properties ?? {}, name);
      const text = !formField
        ? own
        : Object.hasOwn(sub.properties ?? {}, name)
          ? `${own} Its rows are a form's, which the validator does not check.`
          : `${own} A form's field, which the validator does not check.`;
      return `${doc(text, `${indent}  `)}${indent}  ${literal(name)}${optional}: ${type(prop, form)};`;
    });
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
      out.push(`${doc(sub.description)}export interface ${name} ${objectType(sub, '', false)}`);
    } else {
      out.push(`${doc(sub.description)}export type ${name} = ${type(sub, false)};`);
    }
  }
  if (!options.forms) return `${out.join('\n\n')}\n`;

  out.push(openType);
  for (const sub of Object.values(defs)) {
    if (!sub.title || !hasForm(sub)) continue;
    const name = formName(sub.title);
    const what = `{@link ${sub.title}} as a form holds it before it is valid: strings may be \`''\`, selects unset or \`''\`.`;
    const union = branches(sub);
    if (union) {
      out.push(
        `/** ${what} */\nexport type ${name} = ${union.map((ref) => formName(defs[refName(ref)].title)).join(' | ')};`,
      );
    } else {
      out.push(`/** ${what} */\nexport interface ${name} ${objectType(sub, '', true)}`);
    }
  }
  return `${out.join('\n\n')}\n`;
}

/**
 * The module of the blanks: for each object def with known fields, `blank<Name>()` gives a fresh
 * value of its form-values type with every field a form shows empty: strings and selects `''`,
 * lists `[]`, a discriminating `@type` set, a part with known fields blank too; a def whose required part is
 * a union takes the variant's `@type` (the first variant when absent or unknown). Fields whose
 * parts the spec does not show are left out, and so are lists of them and TMF's sub-classing fields.
 * @param {{ $defs: Record<string, any> }} schema
 */
export function blanksModule(schema) {
  const defs = schema.$defs;
  const target = (sub) => (sub?.$ref ? refTarget(defs, sub.$ref) : sub);
  const blankName = (title) => `blank${title.replace(/FVO$/, '')}`;
  const known = (sub) => {
    const { properties } = shapeOf(defs, sub);
    return Object.keys(properties).length > 0;
  };

  /** The expression of a property's blank, or undefined when the blank leaves it out; `pass` names the union's parameter. */
  function value(prop, required) {
    const sub = target(prop);
    if (sub === true || sub === undefined) return `''`;
    if (prop.const !== undefined) return literal(prop.const);
    if (sub.const !== undefined) return literal(sub.const);
    if (sub.enum || sub.type === 'string') return `''`;
    if (sub.type === 'array') return known(target(sub.items) ?? {}) || required ? '[]' : undefined;
    if (branches(sub)) return required ? `${blankName(sub.title)}(type)` : undefined;
    if (sub.type === 'object' && sub.title && known(sub)) return `${blankName(sub.title)}()`;
    // a field of no described type, such as a characteristic's value, is an input too
    return sub.type === undefined && !sub.properties ? `''` : undefined;
  }

  const out = [];
  const imported = new Set();
  for (const sub of Object.values(defs)) {
    if (!sub.title || sub.type !== 'object') continue;
    const union = branches(sub);
    const result = formName(sub.title);
    if (union) {
      imported.add(result);
      const variants = union.map((ref) => defs[refName(ref)].title);
      const checks = variants
        .slice(1)
        .map((title) => `  if (type === ${literal(title)}) return ${blankName(title)}();\n`)
        .join('');
      out.push(
        `/** A blank \`${sub.title}\` of the variant \`type\`, ${literal(variants[0])} when absent or unknown. */\nexport function ${blankName(sub.title)}(type?: ${result}['@type']): ${result} {\n${checks}  return ${blankName(variants[0])}();\n}`,
      );
      continue;
    }
    if (!known(sub)) continue;
    imported.add(result);
    const { properties, required } = shapeOf(defs, sub, true);
    const unionProp = Object.entries(properties).find(
      ([name, prop]) => required.has(name) && branches(target(prop) ?? {}),
    );
    const fields = [];
    // TMF's sub-classing trio is no field a form shows
    const meta = '@baseType' in properties ? ['@type', '@baseType', '@schemaLocation'] : [];
    for (const [name, prop] of Object.entries(properties)) {
      if (meta.includes(name)) continue;
      const expression = value(prop, required.has(name));
      if (expression !== undefined) fields.push(`${literal(name)}: ${expression}`);
    }
    const parameter = unionProp ? `type?: ${formName(target(unionProp[1]).title)}['@type']` : '';
    if (unionProp) imported.add(formName(target(unionProp[1]).title));
    const which = unionProp ? `, its ${unionProp[0]} of the variant \`type\`` : '';
    out.push(
      `/** A blank \`${sub.title}\` for a form's default values${which}: each field a form shows, empty. */\nexport function ${blankName(sub.title)}(${parameter}): ${result} {\n  return { ${fields.join(', ')} };\n}`,
    );
  }
  return `import type { ${[...imported].sort().join(', ')} } from './types.js';\n\n${out.join('\n\n')}\n`;
}
