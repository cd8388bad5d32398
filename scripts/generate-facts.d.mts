/**
 * The module of the facts the hand-written rules read from `schema`, with those the rule folders
 * `rules` name in their rule.json; throws, naming the schema path, for a fact not where it is read from.
 */
export declare function factsModule(
  schema: unknown,
  rules?: readonly { id: string; facts?: Record<string, { doc: string; at: string; kind: string }> }[],
): string;
