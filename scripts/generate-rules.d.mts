/** A rule folder as scripts/generate-rules.mjs reads it: its rule.json, its folder name and its schema.json. */
export interface RuleFolder {
  readonly id: string;
  readonly check: string;
  readonly title: string;
  readonly inflight: boolean;
  /** The invalid examples whose expected violations carry the rule's id: `examples/orders/invalid/….json`, `src/rules/<folder>/examples/….json`. */
  readonly invalidates: readonly string[];
  readonly folder: string;
  /** The languages of its `labels.<lang>.ts`, the form's message of the rule. */
  readonly formLangs?: readonly string[];
  readonly schema?: { readonly wiredAt?: readonly string[]; readonly $defs: Record<string, unknown> };
  /** What the rule may add to a form's bundle, gzipped, in bytes, when it is not the allowance of test/size.test.ts. */
  readonly size?: number;
  readonly [key: string]: unknown;
}
/** The rule folders under `root`src/rules, in the order of their ids; throws on a folder that is incomplete. */
export declare function readRules(root: string): RuleFolder[];
/**
 * The invalid example orders, by path from `root`: those of examples/orders/invalid, then each rule
 * folder's own (`src/rules/<folder>/examples/<name>.json`), each with its `<name>.expected.json` beside it.
 */
export declare function invalidOrderExamples(root: string): string[];
/** The invalid in-flight changes, by path from `root`: those of examples/inflight/invalid. */
export declare function invalidChangeExamples(root: string): string[];
/** The order schema with the rules' $defs and wiring from the folders. */
export declare function assembleSchema<T>(shipped: T, rules: readonly RuleFolder[]): T;
/** docs/rules.md and README.md with their tables of rules from the folders. */
export declare function ruleTables(root: string, rules: readonly RuleFolder[]): Record<string, string>;
/** `src/registry/rule-labels-<lang>.ts` of each language in `langs`; throws on a folder worded in some but not all. */
export declare function formLabelModules(
  rules: readonly RuleFolder[],
  langs: readonly string[],
  header: string,
): Record<string, string>;
