import type { RuleFolder } from './generate-rules.mjs';

/** `src/registry/arbitraries.ts` of the folders in `rules`; throws on a folder with neither an arbitrary.ts nor a reason. */
export declare function arbitrariesModule(
  root: string,
  rules: readonly RuleFolder[],
  header?: string,
): Record<string, string>;
