// Reads a source into the pipeline as bytes: a JSON document whole; NDJSON as the chunks arrive, cut
// after a chunk's last newline, so that each unit holds whole lines. The chunks themselves go to the
// worker threads (only the start of a line cut off is copied): the main thread leaves no garbage.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Pipeline } from './pipeline.js';
import { type Source, unreadable } from './sources.js';

/** Reads `source` into `pipeline`; `read` hears how many bytes came in. Read errors become input errors. */
export async function feed(source: Source, pipeline: Pipeline, read: (bytes: number) => void): Promise<void> {
  if (source.lines) await feedLines(source, pipeline, read);
  else {
    const bytes = await readDocument(source).catch((error: NodeJS.ErrnoException) => error);
    if (bytes instanceof Error) pipeline.error(unreadable(source.name, bytes), source);
    else {
      read(bytes.length);
      pipeline.unit(source, [owned(bytes)], 1);
    }
  }
  pipeline.end(source);
  await pipeline.ready();
}

async function readDocument(source: Source): Promise<Buffer> {
  if (source.path !== undefined) return readFile(source.path);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function feedLines(source: Source, pipeline: Pipeline, read: (bytes: number) => void): Promise<void> {
  const stream = source.path === undefined ? process.stdin : createReadStream(source.path);
  const chunks = stream[Symbol.asyncIterator]();
  const parts: Uint8Array[] = []; // bytes after the last newline so far
  let line = 1;
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
    const end = chunk.lastIndexOf(10) + 1;
    if (end === 0) {
      parts.push(chunk);
      continue;
    }
    const rest = end < chunk.length ? new Uint8Array(chunk.subarray(end)) : undefined; // a copy
    const head = chunk.subarray(0, end);
    parts.push(head);
    pipeline.unit(source, parts.splice(0), line);
    line += newlines(head);
    if (rest) parts.push(rest);
    await pipeline.ready();
  }
  if (parts.length > 0) pipeline.unit(source, parts, line);
}

/** The bytes in an array that owns its whole buffer (a copy if need be), so that the buffer can move to a worker thread. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

function newlines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}
