// Reads the rule folders, src/rules/<id>-<name>/, and derives from them everything that lists the
// rules: the rule $defs of the order schema and their wiring, the ids, the titles, the in-flight set,
// the checks in the order of their ids, the command's words per language, each form language's
// messages per rule, and the rows of docs/rules.md and of the README. A folder holds rule.json (id,
// check, title, inflight, readme, words, and invalidates: the invalid examples it fails, the shipped
// ones of examples/ and its own in examples/ beside rule.json, each with a hand-written .expected.json),
// schema.json (the $defs it owns and where it is wired; none for a rule that names a group only, as
// R5), check.ts with its export `check`, and where a form words the rule, labels.<lang>.ts with its
// export `formMessage`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** A rule id: R-field, R-contact, R-party, R1 ... */
export const ruleOf = (name) => (/^R(-[a-z]+|[0-9]+)$/.test(name) ? name : undefined);

/**
 * Whether `path` names an invalid example order or in-flight change, as a rule's `invalidates` lists
 * them: a shipped one, or an order of a rule folder's own, `src/rules/<folder>/examples/<name>.json`.
 */
const exampleOf = (path) =>
  typeof path === 'string' &&
  /^(examples\/(orders|inflight)\/invalid|src\/rules\/[^/]+\/examples)\/[^/]+\.json$/.test(path) &&
  !path.endsWith('.expected.json');

/** The example files of the folder `dir` under `root`, without their .expected.json, sorted. */
const examplesIn = (root, dir) =>
  existsSync(`${root}${dir}`)
    ? readdirSync(`${root}${dir}`)
        .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
        .sort()
        .map((name) => `${dir}/${name}`)
    : [];

/**
 * The invalid example orders, by path from `root`: those of examples/orders/invalid, then each rule
 * folder's own (`src/rules/<folder>/examples/<name>.json`), each with its hand-written
 * `<name>.expected.json` beside it. Every test that replays the invalid orders reads this list.
 */
export function invalidOrderExamples(root) {
  const rules = `${root}src/rules`;
  const folders = readdirSync(rules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return [
    ...examplesIn(root, 'examples/orders/invalid'),
    ...folders.flatMap((folder) => examplesIn(root, `src/rules/${folder}/examples`)),
  ];
}

/** The invalid in-flight changes, by path from `root`: those of examples/inflight/invalid. */
export const invalidChangeExamples = (root) => examplesIn(root, 'examples/inflight/invalid');

const named = ['R-field', 'R-contact', 'R-party'];
/** The order of ids: the table rules first, then R1, R2 ... by number. */
const rank = (id) => (named.includes(id) ? named.indexOf(id) - named.length : Number(id.slice(1)));

/** The rule folders under `root`src/rules, each with its rule.json and schema.json, in the order of their ids. */
export function readRules(root) {
  const base = `${root}src/rules/`;
  const rules = readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${base}${entry.name}/rule.json`))
    .map(({ name: folder }) => {
      const rule = JSON.parse(readFileSync(`${base}${folder}/rule.json`, 'utf8'));
      const where = `src/rules/${folder}/rule.json`;
      if (!ruleOf(rule.id ?? '')) throw new Error(`${where}: no rule id`);
      if (!folder.startsWith(`${rule.id.toLowerCase()}-`))
        throw new Error(`${where}: the folder is not named after ${rule.id}`);
      for (const key of ['check', 'title', 'readme'])
        if (typeof rule[key] !== 'string' || rule[key] === '') throw new Error(`${where}: no ${key}`);
      if (typeof rule.inflight !== 'boolean') throw new Error(`${where}: inflight is not true or false`);
      if (rule.size !== undefined && !(Number.isInteger(rule.size) && rule.size > 0))
        throw new Error(`${where}: size is no number of bytes`);
      if (!Array.isArray(rule.invalidates) || !rule.invalidates.every((path) => exampleOf(path)))
        throw new Error(
          `${where}: invalidates is no list of examples/{orders,inflight}/invalid/*.json and src/rules/<folder>/examples/*.json`,
        );
      const schemaFile = `${base}${folder}/schema.json`;
      const schema = existsSync(schemaFile) ? JSON.parse(readFileSync(schemaFile, 'utf8')) : undefined;
      if (schema && !Object.hasOwn(schema.$defs ?? {}, rule.id))
        throw new Error(`${where}: schema.json has no $def ${rule.id}`);
      // the form's message of the rule per language, src/rules/<folder>/labels.<lang>.ts
      const formLangs = readdirSync(`${base}${folder}`)
        .map((file) => /^labels\.([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\.ts$/.exec(file)?.[1])
        .filter((lang) => lang !== undefined);
      // what those files export: the rule's sentence (`formMessage`), the messages of its own codes (`codeMessages`)
      const formExports =
        formLangs.length === 0 ? [] : exportsOf(readFileSync(`${base}${folder}/labels.${formLangs[0]}.ts`, 'utf8'));
      return { ...rule, folder, schema, formLangs, formExports };
    })
    .sort((a, b) => rank(a.id) - rank(b.id));
  for (let i = 1; i < rules.length; i++)
    if (rules[i].id === rules[i - 1].id) throw new Error(`two folders for ${rules[i].id}`);
  if (rules[0]?.id !== 'R-field') throw new Error('src/rules/r-field-*: no folder of the field table');
  return rules;
}

/** The node of `document` at the JSON Pointer `pointer` (`#/...`), or undefined. */
function at(document, pointer) {
  let node = document;
  for (const token of pointer.slice(2).split('/'))
    node = node && typeof node === 'object' && Object.hasOwn(node, token) ? node[token] : undefined;
  return node;
}

/**
 * The order schema with the rules' $defs and wiring from the folders: a $def a folder owns replaces the
 * one of the same name where it stands (a new one goes last), a rule $def no folder owns is dropped,
 * and each `allOf` a rule is wired into lists its other entries, then the rules' $refs in id order; a
 * wiring at a property sets the property's `$ref`. Everything else of `shipped` is the field table.
 */
export function assembleSchema(shipped, rules) {
  const schema = structuredClone(shipped);
  const defs = schema.$defs;
  const owned = new Map();
  for (const rule of rules)
    for (const name of Object.keys(rule.schema?.$defs ?? {})) {
      if (owned.has(name)) throw new Error(`$def ${name} is owned by ${owned.get(name)} and ${rule.id}`);
      owned.set(name, rule.id);
    }
  for (const name of Object.keys(defs)) if (ruleOf(name) && !owned.has(name)) delete defs[name];
  for (const rule of rules) for (const [name, sub] of Object.entries(rule.schema?.$defs ?? {})) defs[name] = sub;
  const isRuleRef = (entry) => typeof entry?.$ref === 'string' && ruleOf(entry.$ref.replace('#/$defs/', ''));
  const lists = new Map();
  // every allOf keeps its entries that are no rule $ref; the wired rules follow below
  const unwire = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node.allOf)) node.allOf = node.allOf.filter((entry) => !isRuleRef(entry));
    for (const value of Object.values(node)) unwire(value);
  };
  unwire(defs);
  for (const rule of rules)
    for (const pointer of rule.schema?.wiredAt ?? []) {
      const node = at(schema, pointer);
      const ref = `#/$defs/${rule.id}`;
      if (pointer.endsWith('/allOf')) {
        if (!Array.isArray(node)) throw new Error(`${rule.folder}/schema.json: no allOf at ${pointer}`);
        if (!lists.has(node)) lists.set(node, []);
        lists.get(node).push({ $ref: ref });
      } else {
        if (!node || typeof node !== 'object') throw new Error(`${rule.folder}/schema.json: no property at ${pointer}`);
        node.$ref = ref;
      }
    }
  for (const [list, refs] of lists) list.push(...refs);
  return schema;
}

/** `schema` as the file schemas/product-order.schema.json holds it: JSON as Biome formats it. */
export function schemaText(root, schema, path) {
  return execFileSync(`${root}node_modules/.bin/biome`, ['format', `--stdin-file-path=${path}`], {
    input: JSON.stringify(schema, null, 2),
    encoding: 'utf8',
  });
}

const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const key = (id) => (/^[A-Za-z_$][\w$]*$/.test(id) ? id : quote(id));

/** The modules of src/generated/ that list the rules, by path. */
export function ruleModules(rules, langs, header) {
  const ids = `${header}
/** The ids of the rules of an order, in order: one folder each under src/rules/. */
export const orderRuleIds = /* @__PURE__ */ Object.freeze([${rules.map((r) => quote(r.id)).join(', ')}] as const);

/** The order rules that an in-flight change is checked against, the parts it shares with an order. */
export const inflightRuleIds: readonly (typeof orderRuleIds)[number][] = /* @__PURE__ */ Object.freeze([${rules
    .filter((r) => r.inflight)
    .map((r) => quote(r.id))
    .join(', ')}]);
`;
  const checks = `${header}import type { Check } from '../violation.js';
import { walkRule } from './walked.js';

/** The check of every rule of the specification, in the order of their ids: what validateProductOrder runs, in one walk. */
export const checks: readonly Check[] = /* @__PURE__ */ Object.freeze([${rules.map((r) => `/* @__PURE__ */ walkRule(${quote(r.id)})`).join(', ')}]);
`;
  const titles = `${header}import type { OrderRuleId } from '../violation.js';

/** What each rule of the specification demands, in one line; apart from the checks, so that a bundle that only runs them leaves the titles out. */
export const titles: Readonly<Record<OrderRuleId, string>> = {
${rules.map((r) => `  ${key(r.id)}: ${quote(r.title)},`).join('\n')}
};
`;
  const words = `${header}
${langs
  .map((lang) => {
    const lines = rules.map((r) => {
      const w = r.words?.[lang];
      if (typeof w?.title !== 'string' || typeof w?.help !== 'string')
        throw new Error(`src/rules/${r.folder}/rule.json: no words.${lang}.title and help`);
      return `  ${key(r.id)}: { title: ${quote(w.title)}, help: ${quote(w.help)} },`;
    });
    return `/** The command's title and help of each order rule, in ${lang}. */\nexport const ${lang} = {\n${lines.join('\n')}\n} as const;\n`;
  })
  .join('\n')}`;
  return {
    'src/generated/rule-ids.ts': ids,
    'src/registry/checks.ts': checks,
    'src/generated/rule-titles.ts': titles,
    'src/generated/rule-words.ts': words,
  };
}

/**
 * The form's messages per rule of each language in `langs` (those with a `src/form-labels/<lang>.ts`):
 * `src/registry/rule-labels-<lang>.ts`, the `rules` table of the language's labels, of the folders
 * that have a `labels.<lang>.ts`. A folder that words its rule for a form does so in every such
 * language, and in none other.
 */
/** Which of `formMessage` and `codeMessages` a folder's labels.<lang>.ts exports. */
const exportsOf = (text) =>
  ['formMessage', 'codeMessages'].filter((name) => new RegExp(`^export const ${name}\\b`, 'm').test(text));

export function formLabelModules(rules, langs, header) {
  for (const rule of rules) {
    const has = rule.formLangs ?? [];
    const odd = has.filter((lang) => !langs.includes(lang));
    const missing = has.length === 0 ? [] : langs.filter((lang) => !has.includes(lang));
    if (odd.length > 0 || missing.length > 0)
      throw new Error(
        `src/rules/${rule.folder}/: form labels ${missing.length > 0 ? `missing in ${missing.join(', ')}` : `in ${odd.join(', ')}, a language without src/form-labels/${odd[0]}.ts`}`,
      );
  }
  const worded = rules.filter(
    (rule) => (rule.formExports ?? ['formMessage']).includes('formMessage') && (rule.formLangs ?? []).length > 0,
  );
  const coded = rules.filter((rule) => (rule.formExports ?? []).includes('codeMessages'));
  const imports = (r) =>
    [
      ...(worded.includes(r) ? [`formMessage as ${r.check}`] : []),
      ...(coded.includes(r) ? [`codeMessages as ${r.check}Codes`] : []),
    ].join(', ');
  return Object.fromEntries(
    langs.map((lang) => [
      `src/registry/rule-labels-${lang}.ts`,
      `${header}import type { LabelWords } from '../form/labels.js';
${rules
  .filter((r) => worded.includes(r) || coded.includes(r))
  .map((r) => `import { ${imports(r)} } from '../rules/${r.folder}/labels.${lang}.js';`)
  .join('\n')}

/** The form's messages per rule in ${lang}, before those per code: what the rule demands, from each rule folder's labels.${lang}.ts. */
export const rules: LabelWords['rules'] = { ${worded.map((r) => `${key(r.id)}: ${r.check}`).join(', ')} };

/** The form's messages in ${lang} of the codes the rule folders introduce, from each folder's labels.${lang}.ts. */
export const codes: LabelWords['messages'] = /* @__PURE__ */ Object.assign({}, ${coded.map((r) => `${r.check}Codes`).join(', ')});
`,
    ]),
  );
}

const escapeCell = (text) => text.replaceAll('|', '\\|');

/** `text` with the lines between `<!-- name:start -->` and `<!-- name:end -->` replaced by `lines`. */
export function between(text, name, lines, file) {
  const start = `<!-- ${name}:start -->\n`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: no ${start.trim()} ... ${end}`);
  return `${text.slice(0, from + start.length)}${lines.join('\n')}\n${text.slice(to)}`;
}

/** docs/rules.md and README.md with their tables of rules from the folders. */
export function ruleTables(root, rules) {
  const reference = readFileSync(`${root}docs/rules.md`, 'utf8');
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const onChanges = (r) => r.inflightNote ?? (r.inflight ? 'yes' : 'no');
  return {
    'docs/rules.md': between(
      reference,
      'rules',
      [
        '| rule | what it demands | in-flight |',
        '|---|---|---|',
        ...rules.map((r) => `| [\`${r.id}\`](reference/rules/${r.id}.md) | ${escapeCell(r.title)} | ${onChanges(r)} |`),
      ],
      'docs/rules.md',
    ),
    'README.md': between(
      readme,
      'rules',
      ['| rule | what it checks |', '|---|---|', ...rules.map((r) => `| \`${r.id}\` | ${escapeCell(r.readme)} |`)],
      'README.md',
    ),
  };
}
