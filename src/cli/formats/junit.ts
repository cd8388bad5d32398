// JUnit XML: a testsuite per source, a testcase per order (a failure per violation, with rule, path,
// line, column and message) and per input error (an error). A testsuite's counts come before its
// testcases, so a source's testcases are held until it ends: in memory up to a limit, then in a
// temporary file, so that memory stays flat however many orders a source holds.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Counts, type Pieces, placeName, pointerName, type ReportFormat, type Style, visible } from '../report.js';

/**
 * Text as XML 1.0 character data or attribute value: markup characters as entities, the characters
 * {@link visible} escapes (controls, bidirectional controls) as it does, those XML does not allow
 * besides (lone surrogates, U+FFFE and U+FFFF) as `\u{…}`, line breaks in attributes as character
 * references so that readers keep them.
 */
export function xml(text: string): string {
  return visible(text, 'breaks').replace(
    // with the u flag, a surrogate in a class matches only one that stands alone
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML forbids are what is looked for
    /[&<>"'\n\r\t]|[\0-\x08\v\f\x0e-\x1f\ud800-\udfff\ufffe\uffff]/gu,
    (c) => entities[c] ?? `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`,
  );
}

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Text held in memory up to `limit` characters, past that in a temporary file; given back once. */
export class Spool {
  private chunks: string[] = [];
  private size = 0;
  private file: { readonly folder: string; readonly fd: number } | undefined;

  constructor(private readonly limit = 1 << 20) {}

  add(text: string): void {
    if (text === '') return;
    if (this.file) {
      writeSync(this.file.fd, text);
      return;
    }
    this.chunks.push(text);
    this.size += text.length;
    if (this.size <= this.limit) return;
    const folder = mkdtempSync(join(tmpdir(), 'product-order-validate-'));
    this.file = { folder, fd: openSync(join(folder, 'spool'), 'w+') };
    for (const chunk of this.chunks.splice(0)) writeSync(this.file.fd, chunk);
  }

  /**
   * What was added so far, as pieces; the spool is empty from this call on (what is added after goes
   * to the next take), and its file is removed once the pieces are read.
   */
  take(): Iterable<string | Uint8Array> {
    const { file, chunks } = this;
    this.file = undefined;
    this.chunks = [];
    this.size = 0;
    if (!file) return chunks.length > 0 ? [chunks.join('')] : [];
    return readBack(file);
  }
}

/** The pieces of a spool's file, in 64 KiB reads; the file is removed after the last. */
function* readBack(file: { readonly folder: string; readonly fd: number }): Generator<Uint8Array> {
  try {
    const buffer = new Uint8Array(1 << 16);
    for (
      let at = 0, n = readSync(file.fd, buffer, 0, buffer.length, 0);
      n > 0;
      n = readSync(file.fd, buffer, 0, buffer.length, at)
    ) {
      at += n;
      yield buffer.slice(0, n);
    }
  } finally {
    closeSync(file.fd);
    rmSync(file.folder, { recursive: true, force: true });
  }
}

function* around(head: string, pieces: Iterable<string | Uint8Array>, tail: string) {
  yield head;
  yield* pieces;
  yield tail;
}

const suite = (name: string, counts: { tests: number; failures: number; errors: number }) =>
  `  <testsuite name="${xml(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="0">\n`;

export const junit: ReportFormat = {
  renderer: ({ t }: Style) => {
    // the orders of a unit share their source: its name is escaped once
    let source = '';
    let escaped = '';
    const sourceOf = (name: string) => {
      if (name !== source) {
        source = name;
        escaped = xml(name);
      }
      return escaped;
    };
    return {
      order({ place, violations }) {
        const name = place.line === undefined && place.index === undefined ? place.source : placeName(t, place);
        const line = place.line === undefined ? '' : ` line="${place.line}"`;
        const file = sourceOf(place.source);
        const head = `    <testcase name="${xml(name)}" classname="${file}" file="${file}"${line}`;
        if (violations.length === 0) return `${head}/>\n`;
        let out = `${head}>\n`;
        for (const v of violations) {
          const where = `${v.rule} ${pointerName(t, v.path)} (${t.position(v.line, v.column)})`;
          out += `      <failure message="${xml(v.message)}" type="${xml(v.rule)}">${xml(`${where}: ${v.message}`)}</failure>\n`;
        }
        return `${out}    </testcase>\n`;
      },
      error(error) {
        const at =
          error.line === undefined ? '' : `:${error.line}${error.column === undefined ? '' : `:${error.column}`}`;
        const message = t.error(error);
        const line = error.line === undefined ? '' : ` line="${error.line}"`;
        return `    <testcase name="${xml(`${error.name}${at}`)}" classname="${xml(error.name)}" file="${xml(error.name)}"${line}>\n      <error message="${xml(message)}" type="${error.error}">${xml(`${error.name}${at}: ${message}`)}</error>\n    </testcase>\n`;
      },
    };
  },
  frame({ quiet }: Style) {
    const held = new Spool();
    return {
      start: () => '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="product-order-validate">\n',
      records(text) {
        held.add(text);
        return '';
      },
      alone: (text, name) => `${suite(name, { tests: 1, failures: 0, errors: 1 })}${text}  </testsuite>\n`,
      end(source, { orders, invalid, failing, errors }: Counts): Pieces {
        const tests = (quiet ? failing : orders) + errors;
        const pieces = held.take(); // now: the next source's testcases may come before these are written
        if (tests === 0) return '';
        return around(suite(source.name, { tests, failures: invalid, errors }), pieces, '  </testsuite>\n');
      },
      finish: () => '</testsuites>\n',
    };
  },
};
