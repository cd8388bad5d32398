/** A row of the table of a form's words: the code, the rule whose demand it words, and the message in each language. */
export interface FormWordRow {
  readonly code: string;
  readonly rule?: string;
  readonly de: string;
  readonly en: string;
}
/** One fault per code and per rule that words its demand itself, made in a valid order. */
export declare const faults: readonly { readonly code: string; readonly rule?: string; readonly plain?: boolean }[];
/** The rows of the table, from the labels bundled from src/ now: of `made`'s faults, then of the rule folders' codes they lack. */
export declare function formWordRows(root: string, made?: typeof faults): Promise<FormWordRow[]>;
/** docs/forms.md with its table of a form's words per code, in German. */
export declare function formWordsDoc(root: string): Promise<string>;
