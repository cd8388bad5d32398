import type { RuleFolder } from './generate-rules.mjs';

/** A code a rule folder introduces, from its rule.json `codes`. */
export interface RuleCodeSpec {
  readonly code: string;
  readonly rule: string;
  readonly folder: string;
  readonly doc: string;
  readonly means: string;
  readonly params: readonly { name: string; type: string; doc: string; optional: boolean }[];
  readonly telling: readonly string[];
  readonly focus: readonly ('row' | 'list')[];
}
/** Each code of every rule folder, checked, in the order of the rules; throws on a code declared twice or amiss. */
export declare function codesOf(rules: readonly RuleFolder[], genericCodes?: readonly string[]): RuleCodeSpec[];
/** src/generated/rule-params.ts: the params of each code a rule folder introduces. */
export declare function ruleParamsModule(codes: readonly RuleCodeSpec[], header: string): string;
/** src/registry/codes.ts: every code of the rule folders, its telling params and where a form focuses. */
export declare function codesRegistryModule(codes: readonly RuleCodeSpec[], header: string): string;
/** src/registry/rule-messages-<lang>.ts of each language. */
export declare function ruleMessageModules(
  codes: readonly RuleCodeSpec[],
  langs: readonly string[],
  exists: (path: string) => boolean,
  header: string,
): Record<string, string>;
/** The rows of docs/rules.md's table of the codes the rules introduce. */
export declare function codesTableRows(codes: readonly RuleCodeSpec[]): string[];
