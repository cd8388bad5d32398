import type { RuleFolder } from './generate-rules.mjs';

/** `src/registry/arbitraries.ts`: the arbitrary.ts of each folder in `rules` that has one. */
export declare function arbitrariesModule(
  root: string,
  rules: readonly RuleFolder[],
  header?: string,
): Record<string, string>;
