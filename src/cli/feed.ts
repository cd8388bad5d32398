// Reads a source into the pipeline as bytes: a JSON document whole; NDJSON as the chunks arrive, cut
// after a chunk's last newline, so that each unit holds whole lines. The chunks themselves go to the
// worker threads (only the start of a line cut off is copied): the main thread leaves no garbage.
// No more than `limit` bytes of one JSON text are kept: a JSON file's size is looked at before it is
// read, so a larger one is not read at all; any other input is counted as it comes, and an NDJSON
// line is dropped once it passes the limit (its bytes up to there are held, as for any line).
import { constants } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Pipeline } from './pipeline.js';
import { type InputError, type Source, unreadable } from './sources.js';

/**
 * The most bytes of one JSON text (a JSON document, or an NDJSON line): V8's longest string, which
 * UTF-8 bytes never decode past (536,870,888 on 64-bit Node.js, just under 512 MiB).
 */
export const maxInputBytes = constants.MAX_STRING_LENGTH;

/**
 * Reads `source` into `pipeline`; `read` hears how many bytes came in. Read errors, and a JSON
 * document or NDJSON line of more than `limit` bytes, become input errors.
 */
export async function feed(
  source: Source,
  pipeline: Pipeline,
  read: (bytes: number) => void,
  limit: number,
): Promise<void> {
  if (source.lines) await feedLines(source, chunksOf(source), pipeline, read, limit);
  else {
    const bytes = await readDocument(source, limit).catch((error: NodeJS.ErrnoException) => error);
    if (bytes instanceof Lines) {
      // stdin holds a value per line: read it as NDJSON, from the bytes already read on
      const lines = { ...source, lines: true };
      await feedLines(lines, bytes.chunks, pipeline, read, limit);
      pipeline.end(lines);
      await pipeline.ready();
      return;
    }
    if (bytes instanceof Error) pipeline.error(unreadable(source.name, bytes), source);
    else if (bytes === undefined) {
      read(source.size ?? 0); // passed over
      pipeline.error(tooLarge(source.name, limit), source);
    } else {
      read(bytes.length);
      pipeline.unit(source, [owned(bytes)], 1);
    }
  }
  pipeline.end(source);
  await pipeline.ready();
}

/** The input error for a JSON document, or the NDJSON line `line`, of more than `limit` bytes. */
function tooLarge(name: string, limit: number, line?: number): InputError {
  return line === undefined ? { name, error: 'too_large', limit } : { name, error: 'too_large', limit, line };
}

/** NDJSON found where a JSON document was expected: the chunks to read it from, those read already first. */
class Lines {
  constructor(readonly chunks: AsyncIterator<Buffer>) {}
}

/** The chunks of a source, as they come. */
function chunksOf(source: Source): AsyncIterator<Buffer> {
  const stream = source.path === undefined ? process.stdin : createReadStream(source.path);
  return stream[Symbol.asyncIterator]();
}

/**
 * The bytes of a JSON document, or `undefined` when it has more than `limit`; for stdin, `Lines` once
 * a second value starts on a line after the first (NDJSON piped without --ndjson): found at the end
 * of the first line, instead of after buffering the whole stream to report malformed JSON on line 2.
 */
async function readDocument(source: Source, limit: number): Promise<Uint8Array | undefined | Lines> {
  if (source.path === undefined) return readStdin(limit);
  const file = await open(source.path);
  try {
    const info = await file.stat();
    // a regular file's size is known; a FIFO's or a device's, and that of some files in /proc, is not
    if (!info.isFile() || info.size === 0) {
      return await readCounting(file.createReadStream({ autoClose: false }), limit);
    }
    if (info.size > limit) return undefined;
    const bytes = await file.readFile(); // in one buffer of the file's size
    return bytes.length > limit ? undefined : bytes; // it grew meanwhile
  } finally {
    await file.close();
  }
}

/** The bytes of a stream, or `undefined` once there are more than `limit` (the stream is then left unread). */
async function readCounting(stream: AsyncIterable<Buffer>, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Reads stdin as {@link readDocument} does. */
async function readStdin(limit: number): Promise<Uint8Array | undefined | Lines> {
  const chunks: Buffer[] = [];
  const stream = process.stdin[Symbol.asyncIterator]();
  const sniff = new Sniffer();
  let size = 0;
  for (let next = await stream.next(); !next.done; next = await stream.next()) {
    const chunk: Buffer = next.value;
    chunks.push(chunk);
    if (sniff.lines(chunk)) return new Lines(replay(chunks, stream));
    size += chunk.length;
    if (size > limit) return undefined;
  }
  return Buffer.concat(chunks, size);
}

async function* replay(chunks: readonly Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* chunks;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
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
 * Reads NDJSON into `pipeline` in units of whole lines. A line of more than `limit` bytes is an input
 * error in its place: once it passes the limit its bytes are dropped as they come, up to its end,
 * and the lines after it are checked.
 */
async function feedLines(
  source: Source,
  chunks: AsyncIterator<Buffer>,
  pipeline: Pipeline,
  read: (bytes: number) => void,
  limit: number,
): Promise<void> {
  const parts: Uint8Array[] = []; // the start of the current line, from the chunks before
  let pending = 0; // its bytes
  let dropping = false; // whether the current line is over the limit
  let line = 1; // the first line not yet sent on
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
    const chunk = owned(next.value);
    let from = 0; // the first byte not yet sent on or dropped
    let start = 0; // where the current line starts
    let whole = 0; // the whole lines from `from` to `start`
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      if (dropping || pending + newline - start > limit) {
        if (start > from) pipeline.unit(source, [...parts.splice(0), chunk.subarray(from, start)], line);
        line += whole;
        pipeline.error(tooLarge(source.name, limit, line), source);
        line++;
        parts.length = 0;
        dropping = false;
        whole = 0;
        from = newline + 1;
      } else whole++;
      pending = 0;
      start = newline + 1;
    }
    if (start > from) {
      pipeline.unit(source, [...parts.splice(0), chunk.subarray(from, start)], line);
      line += whole;
    }
    const rest = chunk.length - start;
    if (dropping || pending + rest > limit) {
      dropping = true;
      parts.length = 0;
      pending = 0;
    } else if (rest > 0) {
      // the lines before it go to a worker with the chunk's buffer: the start of a line is copied
      parts.push(start === 0 ? chunk : new Uint8Array(chunk.subarray(start)));
      pending += rest;
    }
    await pipeline.ready();
  }
  if (dropping) pipeline.error(tooLarge(source.name, limit, line), source);
  else if (parts.length > 0) pipeline.unit(source, parts, line);
}

/** The bytes in an array that owns its whole buffer (a copy if need be), so that the buffer can move to a worker thread. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
