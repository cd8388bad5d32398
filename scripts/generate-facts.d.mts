/** The module of the facts the hand-written rules read from `schema`; throws, naming the schema path, for a fact not where it is read from. */
export declare function factsModule(schema: unknown): string;
