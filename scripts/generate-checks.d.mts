/** One compiled table: the export's name, the $def it checks, and the $defs as its rule sees them. */
export interface Table {
  readonly name: string;
  readonly root: string;
  readonly defs: Readonly<Record<string, unknown>>;
}

/** The module of compiled checks of `tables`: its JavaScript and its declarations; throws, naming the schema path, on a form it does not compile. */
export function checksModule(tables: readonly Table[]): { js: string; dts: string };
