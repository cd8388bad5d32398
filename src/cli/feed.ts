// Reads a source into the pipeline as bytes: a JSON document whole; NDJSON as the chunks arrive, cut
// after a chunk's last newline, so that each unit holds whole lines. The chunks themselves go to the
// worker threads (only the start of a line cut off is copied): the main thread leaves no garbage.
// Each JSON text (a document, an NDJSON line) is watched as its bytes arrive, and no byte of it is
// kept past its first fault (the first byte that is not UTF-8, or a NUL: see text-watch.ts) or past
// `limit` bytes. A document's read stops there: the bytes up to its fault go to a worker, which says
// where it is, exactly as it would for the whole text; a larger one is `too_large`. A JSON file's
// size is looked at first, so a file larger than the limit is not read at all. An NDJSON line's fault
// or size is reported at once, the rest of the line is passed over, and the lines after it are
// checked; but the read of NDJSON stops at a NUL byte (binary data, or a zeroed block: no text holds
// one), and in a line longer than any JSON text can be, since a stream such as /dev/zero would
// otherwise be read for ever.
import { constants } from 'node:buffer';
import { closeSync, createReadStream, constants as fsConstants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { isFoundReport, reportBytes, reportBytesSync, tailOf } from './own-reports.js';
import type { Pipeline } from './pipeline.js';
import { type InputError, type Note, type Source, unreadable } from './sources.js';
import { TextWatch, utf16 } from './text-watch.js';

/**
 * The most bytes of one JSON text (a JSON document, or an NDJSON line): V8's longest string, which
 * UTF-8 bytes never decode past (536,870,888 on 64-bit Node.js, just under 512 MiB).
 */
export const maxInputBytes = constants.MAX_STRING_LENGTH;

/** A regular file is read in pieces of this many bytes, each checked as it arrives. */
const piece = 1 << 19;

/** What a source is read with, and told to. */
export interface Feeding {
  /** Hears how many bytes came in. */
  readonly read: (bytes: number) => void;
  /** The most bytes of one JSON text. */
  readonly limit: number;
  /** Hears of a source left out (a report of this command) or read only in part. */
  readonly note: (note: Note) => void;
}

/**
 * Reads `source` into `pipeline`; false when it is left out: a file found in a folder or by a pattern
 * that holds a report of this command and that git does not track (with a note). Read errors, a
 * JSON document or NDJSON line of more than `limit` bytes, and a source whose first bytes look like
 * UTF-16 (not read on) become input errors.
 */
export async function feed(source: Source, pipeline: Pipeline, feeding: Feeding): Promise<boolean> {
  const { read, limit } = feeding;
  if (source.lines) {
    const chunks = chunksOf(source);
    if (source.from !== undefined) {
      const first = await peek(chunks, source.path ?? '');
      if (first.report) return leave(source, feeding);
      await feedLines(source, first.chunks, pipeline, feeding);
    } else await feedLines(source, chunks, pipeline, feeding);
  } else {
    const bytes = await readDocument(source, limit).catch((error: NodeJS.ErrnoException) => error);
    if (bytes === ownReport) return leave(source, feeding);
    if (bytes instanceof Lines) {
      // stdin holds a value per line: read it as NDJSON, from the bytes already read on
      const lines = { ...source, lines: true };
      await feedLines(lines, bytes.chunks, pipeline, feeding);
      pipeline.end(lines);
      await pipeline.ready();
      return true;
    }
    if (bytes instanceof Error) pipeline.error(unreadable(source.name, bytes), source);
    else if (bytes instanceof Utf16) pipeline.error(inUtf16(source.name, bytes), source);
    else if (bytes === tooLong) {
      read(source.size ?? limit); // passed over, or read up to the limit
      pipeline.error(tooLarge(source.name, limit), source);
    } else {
      read(bytes.length);
      // the array is a view of a buffer of its own (none of Node's pool): the buffer can move to a worker
      pipeline.unit(source, [bytes], 1);
    }
  }
  pipeline.end(source);
  await pipeline.ready();
  return true;
}

/** Leaves a source out: a report of this command. */
function leave(source: Source, { note }: Feeding): false {
  note({ name: source.name, note: 'report' });
  return false;
}

/** The input error for a JSON document, or the NDJSON line `line`, of more than `limit` bytes. */
function tooLarge(name: string, limit: number, line?: number): InputError {
  return line === undefined ? { name, error: 'too_large', limit } : { name, error: 'too_large', limit, line };
}

/** NDJSON found where a JSON document was expected: the chunks to read it from, those read already first. */
class Lines {
  constructor(readonly chunks: AsyncIterator<Buffer>) {}
}

/** A document of more than the limit. */
const tooLong = Symbol('too long');

/** A text that looks like UTF-16 (see `utf16`), not read on. */
class Utf16 {
  constructor(readonly form: 'UTF-16LE' | 'UTF-16BE') {}
}

/** The input error of a source in UTF-16: it is not UTF-8, and saying so beats naming its first byte. */
function inUtf16(name: string, { form }: Utf16): InputError {
  return { name, error: 'malformed_json', reason: 'utf16', found: form, line: 1, column: 1 };
}

/** A file found in a folder or by a pattern that holds a report of this command. */
const ownReport = Symbol('own report');

/** The chunks of a source, as they come; `return()` stops the read. */
function chunksOf(source: Source): AsyncIterator<Buffer> {
  const stream = source.path === undefined ? process.stdin : createReadStream(source.path);
  return stream[Symbol.asyncIterator]();
}

/** Whether the first chunk of a found file is that of a report of this command; the chunks to read it from. */
async function peek(
  chunks: AsyncIterator<Buffer>,
  path: string,
): Promise<{ report: boolean; chunks: AsyncIterator<Buffer> }> {
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (error) {
    return { report: false, chunks: failing(error) };
  }
  if (first.done) return { report: false, chunks };
  const report = await isFoundReport(path, first.value, () => tailOf(path));
  if (report) await chunks.return?.();
  return { report, chunks: replay([first.value], chunks) };
}

/** The chunks of a read that failed at its first: the error, when asked for the next. */
async function* failing(error: unknown): AsyncGenerator<Buffer> {
  yield* [];
  throw error;
}

/**
 * The bytes of a JSON document, up to and including the first byte of its first fault; `tooLong`
 * when it has more than `limit`; for stdin, `Lines` once a second value starts on a line after the
 * first (NDJSON piped without --ndjson): found at the end of the first line, instead of after
 * buffering the whole stream to report malformed JSON on line 2; `ownReport` for a report of this
 * command found in a folder or by a pattern.
 */
async function readDocument(
  source: Source,
  limit: number,
): Promise<Uint8Array | typeof tooLong | Lines | typeof ownReport | Utf16> {
  if (source.path === undefined) return collect(process.stdin[Symbol.asyncIterator](), limit, new Sniffer());
  const found = source.from === undefined ? undefined : source.path;
  // a small file that was a regular one when the inputs were found is read by synchronous calls: on
  // many small files, most of the time went to a trip to the thread pool per call. It is opened
  // without waiting, in case a FIFO was put in its place since (it is then read as a stream below).
  if (source.size !== undefined && source.size > 0 && source.size <= piece) {
    const fd = openSync(source.path, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    try {
      const info = fstatSync(fd);
      const size = info.size;
      if (info.isFile() && size > 0 && size <= piece) {
        if (size > limit) return tooLong;
        const handle: Handle = {
          read: (bytes, at) => readSync(fd, bytes, at, Math.min(piece, bytes.length - at), at),
          tail: async () => reportBytesSync(fd, size, 'tail'),
        };
        return await readFile(handle, size, limit, found);
      }
    } finally {
      closeSync(fd);
    }
  }
  const file = await open(source.path);
  try {
    const info = await file.stat();
    // a regular file's size is known; a FIFO's or a device's, and that of some files in /proc, is not
    if (!info.isFile() || info.size === 0) {
      return await collect(file.createReadStream({ autoClose: false })[Symbol.asyncIterator](), limit);
    }
    if (info.size > limit) return tooLong;
    const handle: Handle = {
      read: async (bytes, at) => (await file.read(bytes, at, Math.min(piece, bytes.length - at), at)).bytesRead,
      tail: () => reportBytes(file, info.size, 'tail'),
    };
    return await readFile(handle, info.size, limit, found);
  } finally {
    await file.close();
  }
}

/** How {@link readFile} reads a file: `read` fills `bytes` from `at`, where it reads the file from too; `tail` gives its last bytes. */
interface Handle {
  read(bytes: Uint8Array, at: number): number | Promise<number>;
  tail(): Promise<Uint8Array>;
}

/**
 * A regular file's bytes, read in pieces into one buffer of its size and one byte more (its pages
 * are touched only as they are read), each piece checked as it arrives; it may have grown since its
 * size was looked at.
 */
async function readFile(
  file: Handle,
  size: number,
  limit: number,
  found: string | undefined,
): Promise<Uint8Array | typeof tooLong | typeof ownReport | Utf16> {
  const watch = new TextWatch();
  let bytes = new Uint8Array(size + 1);
  let length = 0;
  for (;;) {
    if (length === bytes.length) {
      // full: it has grown since
      const grown = new Uint8Array(bytes.length * 2);
      grown.set(bytes);
      bytes = grown;
    }
    const got = await file.read(bytes, length);
    if (got === 0) return bytes.subarray(0, length);
    const fresh = bytes.subarray(length, length + got);
    if (length === 0 && found && (await isFoundReport(found, fresh, file.tail))) return ownReport;
    const form = length === 0 ? utf16(fresh) : undefined;
    if (form) return new Utf16(form);
    const room = limit - length;
    const fault = watch.fault(got > room ? fresh.subarray(0, room) : fresh);
    if (fault >= 0) return bytes.subarray(0, length + fault);
    if (got > room) return tooLong;
    length += got;
  }
}

/**
 * The bytes of a stream, up to and including the first byte of its first fault; `tooLong` once there
 * are more than `limit` bytes without one. With a sniffer (stdin), `Lines` when it finds NDJSON in
 * the bytes before the first fault. Stops the read (destroys the stream) unless it gives `Lines`.
 */
async function collect(
  chunks: AsyncIterator<Buffer>,
  limit: number,
  sniff?: Sniffer,
): Promise<Uint8Array | typeof tooLong | Lines | Utf16> {
  const held: Buffer[] = [];
  const watch = new TextWatch();
  let size = 0;
  let done = false;
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const chunk: Buffer = next.value;
      const form = size === 0 && held.length === 0 ? utf16(chunk) : undefined;
      if (form) return new Utf16(form);
      const room = limit - size;
      const before = sniff ? watch.unfinished().slice() : undefined;
      const fault = watch.fault(chunk.length > room ? chunk.subarray(0, room) : chunk);
      // the sniffer sees the bytes known to be text, before the first fault: the same whatever the chunks
      if (sniff && before) {
        const known = fault >= 0 ? fault - 1 : chunk.length - watch.unfinished().length;
        if (fault !== 0 && (sniff.lines(before) || sniff.lines(chunk.subarray(0, Math.max(known, 0))))) {
          done = true;
          return new Lines(replay([...held, chunk], chunks));
        }
      }
      if (fault >= 0) {
        held.push(chunk.subarray(0, fault));
        return concat(held, size + fault);
      }
      if (chunk.length > room) return tooLong;
      held.push(chunk);
      size += chunk.length;
    }
    done = true;
    return concat(held, size);
  } finally {
    if (!done) await chunks.return?.(); // stops the read: a producer of endless bytes is told at once
  }
}

/** The bytes of `parts` in one array with a buffer of its own. */
function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** `chunks`, then the rest of `rest`; stopping it stops `rest`. */
async function* replay(chunks: readonly Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  let ended = false;
  try {
    yield* chunks;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
    ended = true;
  } finally {
    if (!ended) await rest.return?.();
  }
}

/**
 * Follows the first JSON value of a text, byte by byte, to tell whether it is NDJSON: a first value
 * that ends on the line it starts on, and another value on a later line. It stops looking once the
 * answer is no.
 */
class Sniffer {
  private depth = 0;
  private string = false;
  private escaped = false;
  private closed = false; // the first value ended
  private newline = false; // a line break came after it
  private done = false;

  /** Whether the bytes so far, with `chunk`, show a value on a line after the first value. */
  lines(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length && !this.done; i++) {
      const b = chunk[i];
      if (this.closed) {
        if (b === 10) this.newline = true;
        else if (b !== 32 && b !== 9 && b !== 13) {
          this.done = true;
          return this.newline;
        }
      } else if (b === 10 && this.depth > 0) {
        // a first value over several lines is a document, or documents one after another: not NDJSON
        this.done = true;
      } else if (this.string) {
        if (this.escaped) this.escaped = false;
        else if (b === 92) this.escaped = true;
        else if (b === 34) this.string = false;
      } else if (b === 34 && this.depth > 0) this.string = true;
      else if (b === 123 || b === 91) this.depth++;
      else if (b === 125 || b === 93) this.closed = --this.depth <= 0;
      else if (
        this.depth === 0 &&
        b !== 32 &&
        b !== 9 &&
        b !== 13 &&
        b !== 10 &&
        !(b === 0xef || b === 0xbb || b === 0xbf)
      ) {
        this.done = true; // no array or object first: not an order per line
      }
    }
    return false;
  }
}

/**
 * Reads NDJSON into `pipeline` in units of whole lines. A line of more than `limit` bytes, or one
 * that holds a byte that is not UTF-8, is reported in its place once that is known: its bytes up to
 * the fault go to a worker (which says where it is), or it is `too_large`; the rest of it is passed
 * over, and the lines after it are checked. A NUL byte, or a line longer than any JSON text may be,
 * stops the read, with a note.
 */
async function feedLines(
  source: Source,
  chunks: AsyncIterator<Buffer>,
  pipeline: Pipeline,
  { read, limit, note }: Feeding,
): Promise<void> {
  const parts: Uint8Array[] = []; // the start of the current line, from the chunks before
  let pending = 0; // its bytes
  let length = 0; // the bytes of the current line read so far, kept or passed over
  let passing = false; // whether the current line was reported and is passed over to its end
  let line = 1; // the first line not yet sent on or reported
  const watch = new TextWatch();
  let first = true; // the first chunk, which tells UTF-16
  const stop = async (reason: 'nul' | 'endless') => {
    await chunks.return?.();
    note({ name: source.name, note: 'stopped', line, reason, ...(reason === 'endless' && { limit: maxInputBytes }) });
  };
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (error) {
      pipeline.error(unreadable(source.name, error as NodeJS.ErrnoException), source);
      return;
    }
    if (next.done) break;
    read(next.value.length);
    const form = first ? utf16(next.value) : undefined;
    first = false;
    if (form) {
      await chunks.return?.();
      pipeline.error(inUtf16(source.name, new Utf16(form)), source);
      return;
    }
    const chunk = owned(next.value);
    let from = 0; // the first byte not yet sent on or passed over
    let start = 0; // where the current line starts
    let whole = 0; // the whole lines from `from` to `start`
    /** Sends on the whole lines before the current one. */
    const flush = () => {
      if (start > from) pipeline.unit(source, [...parts.splice(0), chunk.subarray(from, start)], line);
      line += whole;
      whole = 0;
      from = start;
    };
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline < 0 ? chunk.length : newline;
      const segment = chunk.subarray(start, end);
      if (passing) {
        if (nulAt(segment) >= 0) return stop('nul');
      } else {
        const room = limit - pending;
        const fault = watch.fault(segment);
        if (fault >= 0 && fault <= room) {
          flush();
          pipeline.unit(source, [...parts.splice(0), segment.subarray(0, fault)], line);
          passing = true;
          if (watch.found === 'nul' || nulAt(segment.subarray(fault)) >= 0) return stop('nul');
        } else if (segment.length > room) {
          // reported once it passes the limit, not at its end: a stream may never end it
          flush();
          pipeline.error(tooLarge(source.name, limit, line), source);
          parts.length = 0;
          passing = true;
          if (nulAt(segment) >= 0) return stop('nul');
        }
      }
      length += segment.length;
      if (newline < 0) break;
      if (passing) {
        line++;
        from = newline + 1;
        passing = false;
      } else whole++;
      pending = 0;
      length = 0;
      watch.reset();
      start = newline + 1;
    }
    flush();
    if (!passing && start < chunk.length) {
      // the lines before it go to a worker with the chunk's buffer: the start of a line is copied
      parts.push(start === 0 ? chunk : new Uint8Array(chunk.subarray(start)));
      pending += chunk.length - start;
    }
    if (length > maxInputBytes) return stop('endless');
    await pipeline.ready();
  }
  if (!passing && parts.length > 0) pipeline.unit(source, parts, line);
}

/** The index of the first NUL byte of `bytes`, or -1, by memchr. */
function nulAt(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0);
}

/** The bytes in an array that owns its whole buffer (a copy if need be), so that the buffer can move to a worker thread. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
