// What the schema names at each place of an instance: the property names known there and the string
// values named there (by enum or const, in any subschema that applies, conditions included), for the
// "did you mean" hints of the generated checks. A place is an instance path with `*` for any index.

/** The properties TMF630 gives every resource and entity: never an unknown name, wherever they stand. */
const tmfNames = ['@type', '@baseType', '@schemaLocation', '@referredType', 'id', 'href'];

const token = (name) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * @param schema the whole schema, its $defs addressed as `#/$defs/Name`
 * @param onNode called with each subschema met and its place, conditions included
 * @returns `names` and `values` by place, and `defAt`, the place where each $def applies first
 */
export function namesAt(schema, onNode) {
  const names = new Map();
  const values = new Map();
  const defAt = new Map();
  const visited = new Set();
  const add = (map, place, value) => {
    if (!map.has(place)) map.set(place, new Set());
    map.get(place).add(value);
  };
  const visit = (sub, place) => {
    if (typeof sub !== 'object' || sub === null) return;
    onNode?.(sub, place);
    if (typeof sub.$ref === 'string') {
      const name = sub.$ref.replace('#/$defs/', '');
      if (!defAt.has(name)) defAt.set(name, place);
      const key = `${name} ${place}`;
      if (!visited.has(key)) {
        visited.add(key);
        visit(schema.$defs[name], place);
      }
    }
    for (const name of sub.required ?? []) add(names, place, name);
    for (const [name, child] of Object.entries(sub.properties ?? {})) {
      add(names, place, name);
      visit(child, `${place}/${token(name)}`);
    }
    for (const value of sub.enum ?? (sub.const !== undefined ? [sub.const] : []))
      if (typeof value === 'string') add(values, place, value);
    for (const key of ['allOf', 'anyOf', 'oneOf']) for (const part of sub[key] ?? []) visit(part, place);
    for (const key of ['if', 'then', 'else']) visit(sub[key], place);
    for (const key of ['items', 'contains']) visit(sub[key], `${place}/*`);
  };
  visit(schema, '');
  // TMF names every resource and entity may carry (TMF630 Extensible and Entity): known everywhere
  for (const set of names.values()) for (const name of tmfNames) set.add(name);
  const sorted = (map) => new Map([...map].map(([place, set]) => [place, [...set].sort()]));
  return { names: sorted(names), values: sorted(values), defAt };
}
