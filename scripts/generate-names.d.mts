/** What the schema names at each place of an instance (`*` for any index): property names and string values. */
export declare function namesAt(schema: unknown): {
  readonly names: ReadonlyMap<string, readonly string[]>;
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly defAt: ReadonlyMap<string, string>;
};
