/** One error of a generated validator, as ajv reports it with `messages: false`. */
export interface SchemaError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A validator generated from the schema: the verdict, and the errors of the last call. */
export type SchemaCheck = ((data: unknown) => boolean) & { errors?: readonly SchemaError[] | null };
