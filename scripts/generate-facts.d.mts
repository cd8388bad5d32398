/**
 * A fact of the schema as a rule folder's rule.json names it: a value at a JSON Pointer (`at`) of a
 * `kind`, or a composite (`list`, `object`, `difference`) of facts (`of`).
 */
export type Fact =
  | { readonly at: string; readonly kind: 'string' | 'strings' | 'number' | 'count' | 'length' | 'characteristic' }
  | { readonly kind: 'list' | 'difference'; readonly of: readonly Fact[] }
  | { readonly kind: 'object'; readonly of: Readonly<Record<string, Fact>> };

/**
 * The module of the facts the hand-written rules read from `schema`: the field table's, then those the
 * rule folders `rules` name in their rule.json; throws, naming the schema path or the fact, for a fact
 * not where it is read from.
 */
export declare function factsModule(schema: unknown, rules?: readonly { id: string; facts?: unknown }[]): string;
