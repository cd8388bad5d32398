import type { RuleFolder } from './generate-rules.mjs';

/** Where prose may name the range of the numbered rules: files, and folders walked for text files. */
export declare const rangeRoots: readonly string[];
/** `text` with each range of the numbered rules ("R1 to Rn") ending at the last of `rules`. */
export declare function withRange(text: string, rules: readonly RuleFolder[]): string;
/** The files under `root` that name the range, each with its text rewritten (path → text). */
export declare function rangeFiles(root: string, rules: readonly RuleFolder[]): Record<string, string>;
