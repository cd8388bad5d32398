// The codes the rule folders introduce, from each rule.json's `codes`: for each code its TSDoc, its
// params (name, TypeScript type, TSDoc, optional or not), the params that tell two findings of it at
// one path apart (`telling`, the baseline's key), and where a form focuses (`focus`: `row`, the key
// field of the row at fault; `list`, the control that adds a row, `…/-`), which adds `params.focus`.
// The generic codes of the field table (required, wrong_type, too_long, ...) stay in src/violation.ts.
// Writes src/generated/rule-params.ts (the params' types, which the rules read) and
// src/registry/codes.ts (every code by the rule that introduced it, its telling params, its focus).

/** The TSDoc of `params.focus`, the same for every code that has one. */
const focusDoc = [
  'What a form should focus to fix it, as a JSON Pointer: the key field of the row at fault',
  "(`…/relatedPlace/1/role`), or for a missing row the list's control that adds one",
  "(`…/relatedPlace/-`). The violation's `path` stays at the list.",
];

const snake = /^[a-z]+(_[a-z]+)*$/;
const focusKinds = ['row', 'list'];

/** Each code of every rule folder, checked, in the order of the rules: `{ code, rule, folder, doc, params, telling, focus }`. */
export function codesOf(rules, genericCodes = []) {
  const seen = new Map();
  const out = [];
  for (const rule of rules) {
    const where = `src/rules/${rule.folder}/rule.json`;
    for (const [code, spec] of Object.entries(rule.codes ?? {})) {
      if (!snake.test(code)) throw new Error(`${where}: code ${code} is not snake_case`);
      if (seen.has(code)) throw new Error(`${where}: code ${code} is introduced by ${seen.get(code)} already`);
      if (genericCodes.includes(code)) throw new Error(`${where}: code ${code} is a generic one of src/violation.ts`);
      seen.set(code, rule.id);
      if (typeof spec.doc !== 'string' || spec.doc === '') throw new Error(`${where}: code ${code} has no doc`);
      const params = Object.entries(spec.params ?? {}).map(([name, p]) => {
        if (name === 'focus') throw new Error(`${where}: ${code}'s focus is told by "focus", not a param`);
        if (typeof p.type !== 'string' || typeof p.doc !== 'string' || p.doc === '')
          throw new Error(`${where}: ${code}.params.${name} needs a type and a doc`);
        return { name, type: p.type, doc: p.doc, optional: p.optional === true };
      });
      const telling = spec.telling ?? [];
      for (const name of telling)
        if (!params.some((p) => p.name === name)) throw new Error(`${where}: ${code} tells by ${name}, no param of it`);
      const focus = spec.focus ?? [];
      if (!Array.isArray(focus) || !focus.every((kind) => focusKinds.includes(kind)))
        throw new Error(`${where}: ${code}.focus is no list of ${focusKinds.join(', ')}`);
      if (typeof spec.means !== 'string' || spec.means === '') throw new Error(`${where}: code ${code} has no means`);
      out.push({ code, rule: rule.id, folder: rule.folder, doc: spec.doc, means: spec.means, params, telling, focus });
    }
  }
  return out;
}

const tsdoc = (lines, indent) =>
  lines.length === 1 && lines[0].length < 100 - indent.length
    ? `${indent}/** ${lines[0]} */`
    : [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`), `${indent} */`].join('\n');

/** Words of `text` in lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** src/generated/rule-params.ts: the params of each code a rule folder introduces. */
export function ruleParamsModule(codes, header) {
  const members = codes.map(({ code, doc, params, focus }) => {
    const lines = params.map(
      (p) => `${tsdoc(wrap(p.doc, 92), '    ')}\n    readonly ${p.name}${p.optional ? '?' : ''}: ${p.type};`,
    );
    if (focus.length > 0) lines.push(`${tsdoc(focusDoc, '    ')}\n    readonly focus?: string;`);
    const type = lines.length === 0 ? 'Readonly<Record<string, never>>' : `{\n${lines.join('\n')}\n  }`;
    return `${tsdoc(wrap(doc, 94), '  ')}\n  ${code}: ${type};`;
  });
  return `${header}
/**
 * What the \`params\` of each code a rule introduces hold, from the \`codes\` of its folder's rule.json;
 * {@link ParamsByCode} holds them and the generic codes of the field table.
 */
export interface RuleParamsByCode {
${members.join('\n')}
}
`;
}

/** src/registry/codes.ts: every code of the rule folders, its telling params and where a form focuses. */
export function codesRegistryModule(codes, header) {
  const entries = (pick) => codes.map((c) => `  ${c.code}: ${pick(c)},`).join('\n');
  const json = (value) => JSON.stringify(value).replaceAll('"', "'").replaceAll(',', ', ');
  return `${header}
/** Each code a rule folder introduces, by the id of that rule (another rule may report it too). */
export const ruleCodes = {
${entries((c) => `'${c.rule}'`)}
} as const;

/** A code a rule folder introduces. */
export type RuleCode = keyof typeof ruleCodes;

/** The params that tell two findings of a rule's code at one path apart (rule.json \`telling\`), for the baseline's key. */
export const ruleTellingParams: Readonly<Record<string, readonly string[]>> = {
${codes
  .filter((c) => c.telling.length > 0)
  .map((c) => `  ${c.code}: ${json(c.telling)},`)
  .join('\n')}
};

/**
 * Where a form focuses for a finding of a rule's code (rule.json \`focus\`): \`row\`, the key field of
 * the row at fault; \`list\`, the control that adds a row (\`…/-\`). A code not listed has no focus.
 */
export const ruleFocus: Readonly<Record<string, readonly ('row' | 'list')[]>> = {
${codes
  .filter((c) => c.focus.length > 0)
  .map((c) => `  ${c.code}: ${json(c.focus)},`)
  .join('\n')}
};
`;
}

/**
 * src/registry/rule-messages-<lang>.ts for each language of `langs`: the messages of the codes the
 * rule folders introduce, each from `src/rules/<folder>/messages.<lang>.ts` of the folder that
 * introduced it (its export `messages`); throws where a folder lacks the file of a language.
 */
export function ruleMessageModules(codes, langs, exists, header) {
  const folders = [...new Set(codes.map((c) => c.folder))];
  for (const folder of folders)
    for (const lang of langs)
      if (!exists(`src/rules/${folder}/messages.${lang}.ts`))
        throw new Error(`src/rules/${folder}/: no messages.${lang}.ts for its codes`);
  const alias = (folder) => folder.replace(/-(.)/g, (_, c) => c.toUpperCase());
  return Object.fromEntries(
    langs.map((lang) => [
      `src/registry/rule-messages-${lang}.ts`,
      `${header}import type { RuleParamsByCode } from '../generated/rule-params.js';
import type { MessageTable } from '../wording.js';
${folders.map((f) => `import { messages as ${alias(f)} } from '../rules/${f}/messages.${lang}.js';`).join('\n')}

/** The messages in ${lang} of the codes the rule folders introduce, from each folder's messages.${lang}.ts. */
export const ruleMessages: MessageTable<keyof RuleParamsByCode> = { ${folders.map((f) => `...${alias(f)}`).join(', ')} };
`,
    ]),
  );
}

/** The rows of docs/rules.md's table of the codes the rules introduce: code, what it means, its params. */
export function codesTableRows(codes) {
  const cell = (text) => text.replaceAll('|', '\\|');
  return [
    '| code | means | `params` |',
    '|---|---|---|',
    ...codes.map(({ code, means, params, focus }) => {
      const names = [
        ...params.map((p) => `\`${p.name}\`${p.optional ? ' when given' : ''}`),
        ...(focus.length > 0 ? ['`focus`'] : []),
      ];
      return `| \`${code}\` | ${cell(means)} | ${names.join(', ') || 'none'} |`;
    }),
  ];
}
