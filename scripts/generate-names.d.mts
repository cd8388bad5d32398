/** What the schema names at each place of an instance (`*` for any index): property names and string values. */
export declare function namesAt(
  schema: unknown,
  onNode?: (sub: Record<string, unknown>, place: string) => void,
): {
  readonly names: ReadonlyMap<string, readonly string[]>;
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly defAt: ReadonlyMap<string, string>;
};
