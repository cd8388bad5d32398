// The body readers and the reply writers, with Node streams and WHATWG Requests built in the test.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import {
  lingerMs,
  maxJsonDepth,
  type NodeRequest,
  type NodeResponse,
  parseJsonBody,
  type Reply,
  readFetchBody,
  readNodeBody,
  sendNode,
} from './body.js';

/** A NodeResponse that records what was written, in order. */
function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const response: NodeResponse = {
    writeHead: (status, headers) => calls.push(['writeHead', status, headers]),
    end: (body) => calls.push(['end', body]),
  };
  return { response, calls };
}

/** An array nested `depth` levels deep: more than JSON.stringify can serialise at 5,000. */
const deep = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('sendNode', () => {
  it.each([
    ['nested 100,000 levels deep', { resource: deep(100_000) }],
    ['with a BigInt', { id: 1n }],
    [
      'with a cycle',
      (() => {
        const a: Record<string, unknown> = {};
        a.self = a;
        return a;
      })(),
    ],
  ])('a body that cannot be serialised answers 500, never a head with no end: %s', (_, body) => {
    const { response, calls } = recorder();
    sendNode(response, { status: 201, headers: { 'content-type': 'application/json' }, body });
    expect(calls.map(([name]) => name)).toEqual(['writeHead', 'end']);
    const [, status, headers] = calls[0];
    expect(status).toBe(500);
    expect(JSON.parse(String(calls[1][1]))).toMatchObject({ code: 'internal_error', status: '500' });
    expect((headers as Record<string, string>)['content-length']).toBe(String(Buffer.byteLength(String(calls[1][1]))));
  });

  it('given a request whose body has not ended, closes it after lingerMs; leaves a finished one alone', () => {
    vi.useFakeTimers();
    try {
      const open = nodeRequest(new PassThrough());
      sendNode(recorder().response, { status: 401, headers: {} }, open);
      vi.advanceTimersByTime(lingerMs - 1);
      expect(open.destroyed).toBe(false);
      vi.advanceTimersByTime(1);
      expect(open.destroyed).toBe(true);
      const ending = new PassThrough();
      const destroy = vi.spyOn(ending, 'destroy');
      sendNode(recorder().response, { status: 401, headers: {} }, nodeRequest(ending));
      ending.emit('end');
      vi.advanceTimersByTime(lingerMs);
      expect(destroy).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the content-length in bytes, and none for 204', () => {
    const { response, calls } = recorder();
    const reply: Reply = { status: 200, headers: {}, body: { name: 'Müller 😀' } };
    sendNode(response, reply);
    expect(calls[0][2]).toEqual({ 'content-length': String(Buffer.byteLength(JSON.stringify(reply.body))) });
    const empty = recorder();
    sendNode(empty.response, { status: 204, headers: {} });
    expect(empty.calls).toEqual([
      ['writeHead', 204, {}],
      ['end', undefined],
    ]);
  });
});

/** A Node request: a stream with headers. */
const nodeRequest = (stream: Readable, headers: Record<string, string> = {}): NodeRequest =>
  Object.assign(stream, { headers }) as unknown as NodeRequest;

describe('readNodeBody', () => {
  it('reads a body in full', async () => {
    expect(await readNodeBody(nodeRequest(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')])))).toEqual({
      ok: true,
      text: '{"a":1}',
    });
  });

  it('settles on a body that was already consumed, with 500, instead of never', async () => {
    const stream = Readable.from([Buffer.from('{}')]);
    for await (const _ of stream); // read by someone else, as express.json() does
    const result = await readNodeBody(nodeRequest(stream));
    expect(result).toMatchObject({ ok: false, status: 500 });
  });

  it('answers 408 and closes the connection when the body does not arrive in time', async () => {
    const stream = new PassThrough();
    stream.write('{"slow": ');
    const started = Date.now();
    const result = await readNodeBody(nodeRequest(stream), { bodyTimeoutMs: 50 });
    expect(result).toMatchObject({ ok: false, status: 408, headers: { connection: 'close' } });
    expect(Date.now() - started).toBeLessThan(5000);
    stream.destroy();
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const declared = await readNodeBody(nodeRequest(new PassThrough(), { 'content-length': '2000' }), {
      maxBodyBytes: 1000,
    });
    expect(declared).toMatchObject({ ok: false, status: 413 });
    const streamed = await readNodeBody(nodeRequest(Readable.from([Buffer.alloc(600), Buffer.alloc(600)])), {
      maxBodyBytes: 1000,
    });
    expect(streamed).toMatchObject({ ok: false, status: 413 });
  });

  it('calls beforeRead only once the declared size passed', async () => {
    const calls: string[] = [];
    const beforeRead = () => calls.push('continue');
    await readNodeBody(nodeRequest(new PassThrough(), { 'content-length': '2000' }), {
      maxBodyBytes: 1000,
      beforeRead,
    });
    expect(calls).toEqual([]);
    await readNodeBody(nodeRequest(Readable.from([Buffer.from('{}')]), { 'content-length': '2' }), { beforeRead });
    expect(calls).toEqual(['continue']);
  });
});

describe('readFetchBody', () => {
  it('answers 408 when the body does not arrive in time', async () => {
    const body = new ReadableStream({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"slow": ')),
    });
    const request = new Request('http://127.0.0.1/x', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await readFetchBody(request, { bodyTimeoutMs: 50 })).toMatchObject({ ok: false, status: 408 });
  });

  // regression: a body read already, or a request that throws when read, made the reader reject
  it('answers 500 for a body read already or a request that cannot be read, instead of rejecting', async () => {
    const used = new Request('http://127.0.0.1/x', { method: 'POST', body: '{}' });
    await used.text();
    expect(await readFetchBody(used)).toMatchObject({ ok: false, status: 500 });
    const locked = new Request('http://127.0.0.1/x', { method: 'POST', body: '{}' });
    locked.body?.getReader();
    expect(await readFetchBody(locked)).toMatchObject({ ok: false, status: 500 });
    const hostile = {
      headers: new Headers(),
      get body(): never {
        throw new Error('hostile');
      },
    } as unknown as Request;
    expect(await readFetchBody(hostile)).toMatchObject({ ok: false, status: 500 });
  });

  it('reads a body in full, and rejects one that is not UTF-8 with 400', async () => {
    const post = (body: string | Uint8Array) => new Request('http://127.0.0.1/x', { method: 'POST', body });
    expect(await readFetchBody(post('{"a":1}'))).toEqual({ ok: true, text: '{"a":1}' });
    expect(await readFetchBody(post(new Uint8Array([0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22])))).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});

describe('parseJsonBody', () => {
  // regression: a valid body nested 5,000 deep was accepted, and no reply could carry it back (500)
  it('refuses a body nested deeper than maxJsonDepth, with its position; strings do not count', () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(parseJsonBody(deep)).toMatchObject({
      ok: false,
      status: 400,
      body: { violations: [{ code: 'invalid_json', params: { reason: 'too_deep', position: 5 + maxJsonDepth - 1 } }] },
    });
    const edge = `${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`;
    expect(parseJsonBody(edge).ok).toBe(true);
    expect(parseJsonBody(`{"s":"${'[{'.repeat(5000)}\\"["}`).ok).toBe(true);
  });

  it('refuses a number JavaScript cannot hold exactly with 400 inexact_number at its place, unless told to keep it', () => {
    const text = '{"id": "a", "ticket": 12345678901234567890, "cost": [1, 1e400]}';
    const refused = parseJsonBody(text, 'en');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.status).toBe(400);
    const body = !refused.ok ? (refused.body as { violations?: unknown[] }) : {};
    expect(body.violations).toEqual([
      expect.objectContaining({ rule: 'R-json', code: 'inexact_number', path: '/ticket' }),
      expect.objectContaining({ rule: 'R-json', code: 'inexact_number', path: '/cost/1' }),
    ]);
    const kept = parseJsonBody(text, 'en', { keepInexactNumbers: true });
    expect(kept.ok && (kept.value as { cost: number[] }).cost[1]).toBe(Number.POSITIVE_INFINITY);
  });
});
