/** One compiled table: the export's name, the $def it checks, and the $defs as its rule sees them. */
export interface Table {
  readonly name: string;
  readonly root: string;
  readonly defs: Readonly<Record<string, unknown>>;
  /** Where in an order the root stands (`*` for any index), for the hints; `''` by default. */
  readonly place?: string;
}

/** What the whole schema names at each place: property names and string values (see generate-names.mjs). */
export interface Known {
  readonly names: ReadonlyMap<string, readonly string[]>;
  readonly values: ReadonlyMap<string, readonly string[]>;
}

/** The module of compiled checks of `tables`: its JavaScript and its declarations; throws, naming the schema path, on a form it does not compile. */
export function checksModule(tables: readonly Table[], known?: Known): { js: string; dts: string };
