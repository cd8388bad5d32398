import type { RuleFolder } from './generate-rules.mjs';

/** The folder of the rule pages, relative to the root. */
export declare const pagesDir: string;
/**
 * Each code of ParamsByCode: its TSDoc, and each param's name, type, optionality and TSDoc; the generic
 * ones of src/violation.ts, and (unless `generic`) those the rule folders introduce.
 */
export declare function paramsByCode(
  root: string,
  options?: { generic?: boolean },
): Record<string, { doc: string; params: { name: string; type: string; optional: boolean; doc: string }[] }>;
/** The module at the path `entry`, bundled in memory by esbuild and imported. */
export declare function importBundled(entry: string): Promise<Record<string, unknown>>;
/** The page of each rule and their index, by path. */
export declare function ruleDocs(root: string, rules: readonly RuleFolder[]): Promise<Record<string, string>>;
/** The files in the pages' folder that `pages` does not hold. */
export declare function strayPages(root: string, pages: Record<string, string>): string[];
