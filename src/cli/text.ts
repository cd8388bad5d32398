// What the command says, in English and German: report lines, input errors, usage errors and help.
import type { Lang } from '../messages/index.js';
import type { InputError } from './sources.js';

/** The wording of the command in one language. */
export interface Texts {
  readonly number: (n: number) => string;
  readonly orders: (n: number) => string;
  readonly line: (n: number) => string;
  readonly item: (n: number) => string;
  readonly whole: string;
  readonly allValid: string;
  readonly invalid: (n: string) => string;
  readonly summary: (orders: string, valid: string, invalid: string) => string;
  readonly inputErrors: (n: number) => string;
  readonly perSecond: string;
  readonly error: (e: InputError) => string;
  readonly usage: Usage;
  readonly help: (version: string, cores: number) => string;
}

/** Usage errors. */
export interface Usage {
  readonly unknownOption: (name: string) => string;
  readonly missingValue: (name: string) => string;
  readonly unexpectedValue: (name: string) => string;
  readonly choice: (name: string, value: string, allowed: readonly string[]) => string;
  readonly jobs: (value: string) => string;
  readonly maxInputBytes: (name: string, value: string, max: number) => string;
  readonly noInput: string;
  readonly stdinTwice: string;
  readonly unavailable: (type: string) => string;
  readonly seeHelp: string;
}

const quote = (text: string) => JSON.stringify(text);

/** Formats numbers in `locale`; the formatter is made once, on first use (toLocaleString makes one per call). */
function numbers(locale: string): (n: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (n) => {
    format ??= new Intl.NumberFormat(locale);
    return format.format(n);
  };
}

const en: Texts = {
  number: numbers('en-US'),
  orders: (n) => (n === 1 ? '1 order' : `${en.number(n)} orders`),
  line: (n) => `line ${en.number(n)}`,
  item: (n) => `item ${en.number(n)}`,
  whole: '(the whole order)',
  allValid: 'all valid',
  invalid: (n) => `${n} invalid`,
  summary: (orders, valid, invalid) => `${orders}: ${valid} valid, ${invalid} invalid`,
  inputErrors: (n) => (n === 1 ? '1 input error' : `${en.number(n)} input errors`),
  perSecond: 'orders/s',
  error: (e) => {
    if (e.error === 'not_found') return 'no such file, folder or pattern';
    if (e.error === 'no_match') return 'no .json, .ndjson or .jsonl file found';
    if (e.error === 'bad_pattern') return `the pattern has more than ${en.number(e.limit ?? 0)} {a,b} alternatives`;
    if (e.error === 'no_orders') return 'no order in it: the input is empty, blank lines or an empty array';
    if (e.error === 'too_large') return `too large to check: more than ${en.number(e.limit ?? 0)} bytes`;
    if (e.error === 'check_failed') return `could not be checked, too large for this process (${e.reason})`;
    if (e.error === 'unreadable') return `cannot read it (${systemError[e.reason ?? ''] ?? e.reason})`;
    if (e.reason === 'invalid_utf8') return `malformed JSON: not UTF-8 (byte ${e.found})`;
    return e.reason === 'unexpected_end'
      ? 'malformed JSON: unexpected end of input'
      : `malformed JSON: unexpected character ${quote(e.found ?? '')}`;
  },
  usage: {
    unknownOption: (name) => `unknown option ${name}`,
    missingValue: (name) => `option ${name} needs a value`,
    unexpectedValue: (name) => `option ${name} takes no value`,
    choice: (name, value, allowed) => `option ${name} takes ${allowed.join(', ')}, not ${quote(value)}`,
    jobs: (value) => `option --jobs takes a whole number from 1 to 256, not ${quote(value)}`,
    maxInputBytes: (name, value, max) => `${name} takes a whole number from 1 to ${max}, not ${quote(value)}`,
    noInput: 'no input: name files, folders, glob patterns, or - for stdin',
    stdinTwice: 'stdin (-) can be named only once',
    unavailable: (type) => `--type ${type} is not available in this build of product-order-validator`,
    seeHelp: 'Run product-order-validate --help for usage.',
  },
  help: (version, cores) => `product-order-validate ${version}: checks FIT / TMF622 ProductOrder_FVO create requests.

Usage: product-order-validate [options] <input>...

Inputs:
  file.json               one order, or an array of orders
  file.ndjson, .jsonl     one order per line, read as a stream
  folder                  every .json, .ndjson and .jsonl file below it, in path order
  'orders/**/*.json'      a glob pattern (*, ?, [a-z], **, {a,b}); quote it to keep the shell off it
  -                       stdin: one JSON document, or one order per line with --ndjson

Options:
  -t, --type <type>       product-order (default) or inflight-change
  -f, --format <format>   text (default): a report per file and order, and a summary;
                          json: one JSON document; ndjson: one JSON result per order, streamed
  -l, --lang <lang>       en or de; default from LC_ALL, LC_MESSAGES or LANG (de* gives de)
      --ndjson            read every input as one order per line
  -j, --jobs <n>          worker threads that validate (default: the number of cores, here ${cores})
  -h, --help              show this help
  -v, --version           show the version

Environment:
  PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES=<n>
                          the limit in bytes of one JSON document or NDJSON line (default and
                          highest: V8's longest string, just under 512 MiB); a larger one is an
                          input error

Exit codes: 0 all orders valid, 1 some order invalid, 2 a usage error or an input that could not be
read, is too large, is not JSON or holds no order (the other inputs are still checked).

Examples:
  npx product-order-validate order.json
  npx product-order-validate --lang de orders/
  npx product-order-validate 'exports/**/*.json' --format json > report.json
  gunzip -c nightly.ndjson.gz | npx product-order-validate --ndjson - --format ndjson
  npx product-order-validate --type product-order --jobs 4 nightly.jsonl
`,
};

const de: Texts = {
  number: numbers('de-DE'),
  orders: (n) => (n === 1 ? '1 Auftrag' : `${de.number(n)} Aufträge`),
  line: (n) => `Zeile ${de.number(n)}`,
  item: (n) => `Eintrag ${de.number(n)}`,
  whole: '(der ganze Auftrag)',
  allValid: 'alle gültig',
  invalid: (n) => `${n} ungültig`,
  summary: (orders, valid, invalid) => `${orders}: ${valid} gültig, ${invalid} ungültig`,
  inputErrors: (n) => `${de.number(n)} Eingabefehler`,
  perSecond: 'Aufträge/s',
  error: (e) => {
    if (e.error === 'not_found') return 'keine solche Datei, kein solcher Ordner, kein solches Muster';
    if (e.error === 'no_match') return 'keine .json-, .ndjson- oder .jsonl-Datei gefunden';
    if (e.error === 'bad_pattern') return `das Muster hat mehr als ${de.number(e.limit ?? 0)} {a,b}-Alternativen`;
    if (e.error === 'no_orders') return 'kein Auftrag darin: die Eingabe ist leer, leere Zeilen oder eine leere Liste';
    if (e.error === 'too_large') return `zu groß zum Prüfen: mehr als ${de.number(e.limit ?? 0)} Bytes`;
    if (e.error === 'check_failed') return `konnte nicht geprüft werden, zu groß für diesen Prozess (${e.reason})`;
    if (e.error === 'unreadable') return `nicht lesbar (${systemErrorDe[e.reason ?? ''] ?? e.reason})`;
    if (e.reason === 'invalid_utf8') return `fehlerhaftes JSON: kein UTF-8 (Byte ${e.found})`;
    return e.reason === 'unexpected_end'
      ? 'fehlerhaftes JSON: unerwartetes Ende der Eingabe'
      : `fehlerhaftes JSON: unerwartetes Zeichen ${quote(e.found ?? '')}`;
  },
  usage: {
    unknownOption: (name) => `unbekannte Option ${name}`,
    missingValue: (name) => `Option ${name} braucht einen Wert`,
    unexpectedValue: (name) => `Option ${name} nimmt keinen Wert`,
    choice: (name, value, allowed) => `Option ${name} nimmt ${allowed.join(', ')}, nicht ${quote(value)}`,
    jobs: (value) => `Option --jobs nimmt eine ganze Zahl von 1 bis 256, nicht ${quote(value)}`,
    maxInputBytes: (name, value, max) => `${name} nimmt eine ganze Zahl von 1 bis ${max}, nicht ${quote(value)}`,
    noInput: 'keine Eingabe: Dateien, Ordner, Glob-Muster oder - für stdin angeben',
    stdinTwice: 'stdin (-) kann nur einmal angegeben werden',
    unavailable: (type) => `--type ${type} ist in diesem Build von product-order-validator nicht verfügbar`,
    seeHelp: 'Hilfe: product-order-validate --help',
  },
  help: (version, cores) => `product-order-validate ${version}: prüft FIT-/TMF622-Anfragen ProductOrder_FVO (create).

Aufruf: product-order-validate [Optionen] <Eingabe>...

Eingaben:
  datei.json              ein Auftrag oder ein Array von Aufträgen
  datei.ndjson, .jsonl    ein Auftrag pro Zeile, als Strom gelesen
  ordner                  jede .json-, .ndjson- und .jsonl-Datei darunter, nach Pfad geordnet
  'auftraege/**/*.json'   ein Glob-Muster (*, ?, [a-z], **, {a,b}); in Anführungszeichen, damit die
                          Shell es nicht selbst auflöst
  -                       stdin: ein JSON-Dokument, oder mit --ndjson ein Auftrag pro Zeile

Optionen:
  -t, --type <Typ>        product-order (Standard) oder inflight-change
  -f, --format <Format>   text (Standard): ein Bericht pro Datei und Auftrag und eine Zusammenfassung;
                          json: ein JSON-Dokument; ndjson: ein JSON-Ergebnis pro Auftrag, gestreamt
  -l, --lang <Sprache>    de oder en; Standard aus LC_ALL, LC_MESSAGES oder LANG (de* ergibt de)
      --ndjson            jede Eingabe als einen Auftrag pro Zeile lesen
  -j, --jobs <n>          Worker-Threads, die prüfen (Standard: die Zahl der Kerne, hier ${cores})
  -h, --help              diese Hilfe zeigen
  -v, --version           die Version zeigen

Umgebung:
  PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES=<n>
                          die Grenze in Bytes für ein JSON-Dokument oder eine NDJSON-Zeile
                          (Standard und Höchstwert: V8s längste Zeichenkette, knapp 512 MiB); eine
                          größere Eingabe ist ein Eingabefehler

Exit-Codes: 0 alle Aufträge gültig, 1 ein Auftrag ungültig, 2 ein Aufruffehler oder eine Eingabe, die
nicht lesbar, zu groß oder kein JSON ist oder keinen Auftrag enthält (die anderen Eingaben werden
trotzdem geprüft).

Beispiele:
  npx product-order-validate auftrag.json
  npx product-order-validate --lang de auftraege/
  npx product-order-validate 'exporte/**/*.json' --format json > bericht.json
  gunzip -c nightly.ndjson.gz | npx product-order-validate --ndjson - --format ndjson
  npx product-order-validate --type product-order --jobs 4 nightly.jsonl
`,
};

const systemError: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ELOOP: 'too many symbolic links',
  fifo: 'a FIFO, not a regular file',
  socket: 'a socket, not a regular file',
  device: 'a device, not a regular file',
};

const systemErrorDe: Readonly<Record<string, string>> = {
  ENOENT: 'Datei nicht vorhanden',
  EACCES: 'keine Berechtigung',
  EPERM: 'keine Berechtigung',
  EISDIR: 'ist ein Ordner',
  ELOOP: 'zu viele symbolische Links',
  fifo: 'ein FIFO, keine reguläre Datei',
  socket: 'ein Socket, keine reguläre Datei',
  device: 'ein Gerät, keine reguläre Datei',
};

/** The wording of the command in `lang`. */
export function texts(lang: Lang): Texts {
  return lang === 'de' ? de : en;
}
