// The body readers and the reply writers, with Node streams and WHATWG Requests built in the test.
import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { order } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import {
  decode,
  decodeCarefully,
  decodeFast,
  heldBody,
  lingerMs,
  maxJsonDepth,
  type NodeRequest,
  type NodeResponse,
  parseJsonBody,
  parseJsonBodyCarefully,
  type Reply,
  readFetchBody,
  readNodeBody,
  sendNode,
} from './body.js';
import { defaultHttpMaxViolations } from './error-message.js';

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

/** A body of exactly `size` bytes, streamed in pieces of 1,000 with no declared length, or declared. */
const sized = (size: number) => Buffer.alloc(size, 0x20);
const pieces = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) => bytes.subarray(i * 1000, i * 1000 + 1000));
const limit = { maxBodyBytes: 4096 };

describe('the body limit, at its boundary (regression: a reader that answered 413 to exactly maxBodyBytes survived every test)', () => {
  it('readNodeBody takes a body of exactly maxBodyBytes and answers 413 to one byte more, streamed or declared', async () => {
    const node = (size: number, declared: boolean) =>
      readNodeBody(
        nodeRequest(Readable.from(pieces(sized(size))), declared ? { 'content-length': String(size) } : {}),
        limit,
      );
    for (const declared of [false, true]) {
      expect(await node(4096, declared)).toMatchObject({ ok: true });
      expect(await node(4097, declared)).toMatchObject({ ok: false, status: 413 });
    }
  });

  it('readFetchBody takes a body of exactly maxBodyBytes and answers 413 to one byte more, streamed or declared', async () => {
    const fetched = (size: number, declared: boolean) => {
      const chunks = pieces(sized(size));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
          controller.close();
        },
      });
      const headers = declared ? { 'content-length': String(size) } : undefined;
      return readFetchBody(
        new Request('http://127.0.0.1/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit),
        limit,
      );
    };
    for (const declared of [false, true]) {
      expect(await fetched(4096, declared)).toMatchObject({ ok: true });
      expect(await fetched(4097, declared)).toMatchObject({ ok: false, status: 413 });
    }
  });

  it('heldBody takes bytes, text or a parsed value of exactly maxBodyBytes and answers 413 to one byte more', () => {
    const text = (size: number) => `"${'é'.repeat((size - 2) / 2)}${size % 2 ? 'x' : ''}"`;
    for (const [size, ok] of [
      [4096, true],
      [4097, false],
    ] as const) {
      const expected = ok ? { ok: true } : { ok: false, status: 413 };
      expect(heldBody({ bytes: sized(size) }, {}, limit)).toMatchObject(expected);
      expect(Buffer.byteLength(text(size))).toBe(size);
      expect(heldBody({ text: text(size) }, {}, limit)).toMatchObject(expected);
      expect(heldBody({ parsed: {} }, { 'content-length': String(size) }, limit)).toMatchObject(expected);
    }
  });
});

describe('heldBody: a body another part of the server read, held to the limits of one the routes read', () => {
  it('refuses a parsed value nested past maxJsonDepth with too_deep, and one at it passes', () => {
    const nested = (levels: number) => {
      let value: unknown = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    const headers = { 'content-length': '100' };
    expect(heldBody({ parsed: nested(maxJsonDepth) }, headers)).toMatchObject({ ok: true });
    const deep = heldBody({ parsed: nested(maxJsonDepth + 1) }, headers);
    expect(deep).toMatchObject({ ok: false, status: 400, body: { violations: [{ params: { reason: 'too_deep' } }] } });
  });

  it('refuses bytes that are not UTF-8, and text or a parsed value holding U+FFFD, the mark a decoder left for them', () => {
    const encoding = { ok: false, status: 400, body: { violations: [{ params: { reason: 'encoding' } }] } };
    expect(heldBody({ bytes: new Uint8Array([0x22, 0xff, 0x22]) }, {})).toMatchObject(encoding);
    expect(heldBody({ text: '"\uFFFD"' }, {})).toMatchObject(encoding);
    expect(heldBody({ parsed: { note: ['a', '\uFFFD'] } }, { 'content-length': '20' })).toMatchObject(encoding);
    expect(heldBody({ parsed: { ['\uFFFD']: 1 } }, { 'content-length': '20' })).toMatchObject(encoding);
  });

  it('measures a parsed value whose size no Content-Length tells by its JSON text (regression: a chunked body behind express.json() was refused with 500)', () => {
    for (const headers of [{}, { 'transfer-encoding': 'chunked' }, { 'content-length': 'many' }]) {
      expect(heldBody({ parsed: { note: 'x'.repeat(4000) } }, headers, limit)).toMatchObject({ ok: true });
      expect(heldBody({ parsed: { note: 'x'.repeat(4100) } }, headers, limit)).toMatchObject({
        ok: false,
        status: 413,
      });
      expect(heldBody({ parsed: { note: 'é'.repeat(2100) } }, headers, limit)).toMatchObject({
        ok: false,
        status: 413,
      });
    }
    // a declared size is the size: its text need not be measured
    expect(heldBody({ parsed: { note: 'x'.repeat(4100) } }, { 'content-length': '4096' }, limit)).toMatchObject({
      ok: true,
    });
  });

  it('refuses a parsed number JavaScript could not hold with inexact_number at its path (regression: 1e400 stored as null, 12345678901234567890 as 12345678901234567000)', () => {
    const parsed = JSON.parse(
      '{"a": [1, 1e400], "b/c": {"d": 12345678901234567890}, "e": -1e400, "f": 9007199254740991}',
    );
    const refused = heldBody({ parsed }, { 'content-length': '100' });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    const { violations } = (refused as unknown as { body: { violations: unknown[] } }).body;
    expect(violations).toMatchObject([
      { rule: 'R-json', code: 'inexact_number', path: '/a/1', params: { reason: 'overflow', literal: 'Infinity' } },
      {
        code: 'inexact_number',
        path: '/b~1c/d',
        params: { reason: 'unsafe_integer', literal: '12345678901234567000' },
      },
      { code: 'inexact_number', path: '/e', params: { reason: 'overflow', literal: '-Infinity' } },
    ]);
    expect(heldBody({ parsed }, { 'content-length': '100' }, { keepInexactNumbers: true })).toMatchObject({
      ok: true,
    });
  });

  it('words a number the parser already lost for what is known: what it read, not what "would be read" (regression: "Infinity would be read as Infinity")', () => {
    const parsed = JSON.parse('{"xNum": 1e400, "n": 12345678901234567890}');
    const refused = heldBody({ parsed }, { 'content-length': '100' });
    const { violations } = (refused as unknown as { body: { violations: { params: unknown; message: string }[] } })
      .body;
    expect(violations.map((v) => [v.params, v.message])).toEqual([
      [
        { reason: 'overflow', literal: 'Infinity', parsed: true },
        "'xNum' is a number too large for JavaScript: the service's JSON parser read it as Infinity. Send it as a string.",
      ],
      [
        { reason: 'unsafe_integer', literal: '12345678901234567000', parsed: true },
        "'n' is an integer beyond 2⁵³ − 1, which JavaScript cannot hold exactly: the service's JSON parser read it rounded, as 12345678901234567000. Send it as a string.",
      ],
    ]);
  });

  it('walks a parsed value with cycles and shared references in work bounded by the limit', () => {
    const shared: unknown[] = [];
    const wide = Array.from({ length: 100 }, () => shared);
    const cycle: Record<string, unknown> = { wide };
    cycle.self = cycle;
    expect(heldBody({ parsed: cycle }, { 'content-length': '1000' }, limit)).toMatchObject({ ok: true });
    let reads = 0;
    const counted = new Proxy(new Array(1e9), {
      get(target, key) {
        reads++;
        return Reflect.get(target, key);
      },
    });
    expect(heldBody({ parsed: counted }, { 'content-length': '1000' }, limit)).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(reads).toBeLessThan(10);
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

/** Number literals of every kind JavaScript may not hold exactly: long integers, exponents past the range, long fractions. */
const number = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.bigInt({ min: 10n ** 14n, max: 10n ** 20n }).map(String),
  fc.constantFrom('1e400', '-1e400', '1e-400', '0.0e500', '1.0000000000000000001', '9007199254740993', '1E+308'),
  fc
    .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: -999, max: 999 }))
    .map(([digits, e]) => `${'7'.repeat(digits)}e${e}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

/**
 * JSON strings the scans must step over: escaped quotes and backslashes, brackets, and number literals
 * after the characters that start one outside a string.
 */
const escaped = fc
  .array(
    fc.oneof(
      fc.constantFrom('\\"', '\\\\', '\\u0022', '\\/', '[', '{', ']', '}', ':', ',', ' ', '.', 'e', '-', 'x'),
      number,
    ),
    { maxLength: 8 },
  )
  .map((parts) => `"${parts.join('')}"`);
/** JSON's whitespace between tokens. */
const space: fc.Arbitrary<string> = fc.constantFrom('', ' ', '\n', '\t', '\r\n  ');

/** Texts near every limit the body path keeps: JSON of all kinds, orders, nesting about the depth limit, numbers and digit runs JavaScript cannot hold, blanks and syntax errors. */
const bodyTexts: fc.Arbitrary<string> = (() => {
  // a number where a value goes, or the same digits inside a string, where they are no number
  const digits = number.chain((n) =>
    fc.oneof({ arbitrary: fc.constant(n), weight: 3 }, fc.constantFrom(`"${n}"`, `"id ${n}"`, `"${n}x"`)),
  );
  const nested = fc
    .tuple(fc.integer({ min: maxJsonDepth - 3, max: maxJsonDepth + 3 }), fc.constantFrom('[', '{"a":'), digits)
    .map(([depth, open, inner]) => `${open.repeat(depth)}${inner}${(open === '[' ? ']' : '}').repeat(depth)}`);
  const flat = fc
    .tuple(fc.integer({ min: 100, max: 400 }), fc.constantFrom('[]', '{}', '"[{"'))
    .map(([n, item]) => `[${Array(n).fill(item).join(',')}]`);
  const placed = fc
    .tuple(fc.constantFrom('{"n":X}', '{"n": X}', '{"n":\n\tX}', '[0,X]', '[X]', 'X', '{"a":[X,{"b":X}]}'), digits)
    .map(([place, value]) => place.replaceAll('X', value));
  const strung = fc
    .tuple(escaped, escaped, digits, space, space, fc.integer({ min: maxJsonDepth - 2, max: maxJsonDepth + 2 }))
    .chain(([name, text, value, a, b, depth]) =>
      fc.constantFrom(
        `{${a}${name}${b}:${a}${value}${b},${a}"s"${b}:${b}${text}${a}}`,
        `[${a}${text},${b}${value}${a}]`,
        `${'['.repeat(depth)}${a}${text}${b}${']'.repeat(depth)}`,
        `{"s":${text},${a}"a":${'['.repeat(depth)}${value}${']'.repeat(depth)}}`,
        `${'{"a":'.repeat(depth)}${text}${'}'.repeat(depth)}`,
      ),
    );
  const json = fc.oneof(
    { arbitrary: placed, weight: 3 },
    { arbitrary: strung, weight: 3 },
    fc.json({ maxDepth: 4 }),
    order.map((o) => JSON.stringify(o, null, 1)),
    fc.array(digits, { maxLength: 6 }).map((items) => `[${items.join(', ')}]`),
    fc.dictionary(fc.string({ maxLength: 4 }), digits, { maxKeys: 4 }).map(
      (o) =>
        `{${Object.entries(o)
          .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
          .join(',')}}`,
    ),
    nested,
    flat,
    digits,
  );
  const spaces = fc.constantFrom('', ' ', '\n', '\t\r', '\u00a0', '\ufeff', '\u2028', '\u000b', '\u0000');
  return fc.oneof(
    fc.tuple(spaces, json, spaces).map(([a, text, b]) => `${a}${text}${b}`),
    // broken: cut short, or a character dropped in
    fc.tuple(json, fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '[')).map(([text, at, c]) => {
      const i = at % (text.length + 1);
      return `${text.slice(0, i)}${c}${c === '' ? '' : text.slice(i)}`;
    }),
    fc.array(spaces, { maxLength: 4 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 40 }),
  );
})();

describe('the fast body path gives what the careful one gives', () => {
  it('parseJsonBody answers every text as parseJsonBodyCarefully does: values, empty, too_deep, syntax positions, inexact numbers', () => {
    fc.assert(
      fc.property(
        bodyTexts,
        fc.constantFrom('en', 'de') as fc.Arbitrary<'en' | 'de'>,
        fc.boolean(),
        (text, lang, keep) => {
          const options = { keepInexactNumbers: keep };
          expect(parseJsonBody(text, lang, options)).toStrictEqual(parseJsonBodyCarefully(text, lang, options));
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it('answers generated JSON as its structure says: too_deep at the opener past maxJsonDepth, else each inexact number at its place, else the value', () => {
    type Node =
      | { readonly number: string }
      | { readonly string: string }
      | { readonly items: readonly Node[] }
      | { readonly members: readonly (readonly [string, Node])[] }
      | { readonly nest: '[' | '{'; readonly levels: number; readonly inner: Node };
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        number.map((literal) => ({ number: literal })),
        escaped.map((text) => ({ string: text })),
        fc.array(tie('node'), { maxLength: 3 }).map((items) => ({ items })),
        fc
          .array(fc.tuple(escaped, tie('node')), { maxLength: 3 })
          .map((members) => ({ members: members.map(([key, value], i) => [`"${i}|${key.slice(1)}`, value] as const) })),
        fc
          .tuple(
            fc.constantFrom('[', '{') as fc.Arbitrary<'[' | '{'>,
            fc.oneof(fc.nat(3), fc.integer({ min: maxJsonDepth - 3, max: maxJsonDepth + 1 })),
            tie('node'),
          )
          .map(([nest, levels, inner]) => ({ nest, levels, inner })),
      ),
    }));
    /** What JSON.parse makes of a number literal, as the issue names it: overflow, underflow, an integer past 2^53, or exact enough. */
    const reasonOf = (literal: string) => {
      const value = Number(literal);
      if (!Number.isFinite(value)) return 'overflow';
      if (value === 0) return /[1-9]/.test(literal.split(/[eE]/)[0] ?? '') ? 'underflow' : undefined;
      return /[.eE]/.test(literal) || Number.isSafeInteger(value) ? undefined : 'unsafe_integer';
    };
    const token = (key: string) => (JSON.parse(key) as string).replaceAll('~', '~0').replaceAll('/', '~1');
    fc.assert(
      fc.property(node, fc.array(space, { minLength: 1, maxLength: 4 }), (root, spaces) => {
        let text = '';
        let depth = 0;
        let deepAt = -1;
        let turn = 0;
        const inexact: [string, string][] = [];
        const ws = () => spaces[turn++ % spaces.length] ?? '';
        const open = (opener: string) => {
          if (++depth > maxJsonDepth && deepAt < 0) deepAt = text.length;
          text += opener;
        };
        const write = (at: Node, path: string) => {
          if ('number' in at) {
            const reason = reasonOf(at.number);
            if (reason) inexact.push([path, reason]);
            text += at.number;
          } else if ('string' in at) text += at.string;
          else if ('items' in at) {
            open('[');
            at.items.forEach((item, i) => {
              text += `${i === 0 ? '' : ','}${ws()}`;
              write(item, `${path}/${i}`);
            });
            text += `${ws()}]`;
            depth--;
          } else if ('members' in at) {
            open('{');
            at.members.forEach(([key, value], i) => {
              text += `${i === 0 ? '' : ','}${ws()}${key}${ws()}:${ws()}`;
              write(value, `${path}/${token(key)}`);
            });
            text += `${ws()}}`;
            depth--;
          } else {
            let inner = path;
            for (let level = 0; level < at.levels; level++) {
              open(at.nest);
              text += at.nest === '[' ? ws() : `${ws()}"a"${ws()}:`;
              inner += at.nest === '[' ? '/0' : '/a';
            }
            write(at.inner, inner);
            for (let level = 0; level < at.levels; level++) text += `${ws()}${at.nest === '[' ? ']' : '}'}`;
            depth -= at.levels;
          }
        };
        write(root, '');
        const answer = parseJsonBody(text);
        if (deepAt >= 0)
          expect(answer).toMatchObject({
            status: 400,
            body: { violations: [{ params: { reason: 'too_deep', position: deepAt } }] },
          });
        else if (inexact.length > 0) {
          const listed = answer.ok ? [] : (answer.body?.violations ?? []);
          expect(listed.map((v) => [v.path, (v.params as { reason?: string }).reason])).toEqual(
            inexact.slice(0, defaultHttpMaxViolations),
          );
        } else expect(answer).toStrictEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: runs(1500) },
    );
  });

  it('refuses a text one level deeper than maxJsonDepth whose openers are few elsewhere, and passes one at the limit', () => {
    for (const open of ['[', '{"a":']) {
      const close = open === '[' ? ']' : '}';
      const at = `${open.repeat(maxJsonDepth)}1${close.repeat(maxJsonDepth)}`;
      const over = `${open.repeat(maxJsonDepth + 1)}1${close.repeat(maxJsonDepth + 1)}`;
      expect(parseJsonBody(at).ok).toBe(true);
      expect(parseJsonBody(over)).toStrictEqual(parseJsonBodyCarefully(over));
      expect(parseJsonBody(over)).toMatchObject({ body: { violations: [{ params: { reason: 'too_deep' } }] } });
    }
  });

  it('finds an inexact number in a member a duplicate name dropped from the parsed value', () => {
    for (const text of ['{"a":1e400,"a":1}', '{"a":{"b":[12345678901234567890]},"a":"x"}']) {
      expect(parseJsonBody(text)).toStrictEqual(parseJsonBodyCarefully(text));
      expect(parseJsonBody(text)).toMatchObject({ status: 400, body: { violations: [{ code: 'inexact_number' }] } });
    }
  });

  it('finds an inexact number beside long digit runs in strings, and none in the strings alone', () => {
    const ids = '{"id":"5000112123456789012","phone":"+49 30 1234567890123456","note":"5e999"}';
    expect(parseJsonBody(ids).ok).toBe(true);
    const places = ['{"n":X}', '{"n": X}', '{"n":\n\tX}', '[0,X]', '[X]', ' X', `[${ids},X]`];
    for (const number of [
      '12345678901234567890',
      '-12345678901234567890',
      '1e400',
      '0.00000000000000001e-999',
      '1E+999',
    ])
      for (const place of places) {
        const text = place.replace('X', number);
        const careful = parseJsonBodyCarefully(text);
        expect(careful.ok, text).toBe(false);
        expect(parseJsonBody(text), text).toStrictEqual(careful);
      }
  });

  it('decode gives what the fatal TextDecoder gives on any bytes, in any chunks, with Node and without', () => {
    const encoder = new TextEncoder();
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => encoder.encode(s)),
      // a byte order mark, UTF-8 with a byte changed, surrogates and overlongs as bytes
      fc
        .tuple(fc.boolean(), fc.string({ unit: 'binary', maxLength: 20 }), fc.nat(), fc.integer({ min: 0, max: 255 }))
        .map(([bom, s, at, byte]) => {
          const encoded = encoder.encode(s);
          const all = new Uint8Array([...(bom ? [0xef, 0xbb, 0xbf] : []), ...encoded]);
          if (all.length > 0 && at % 3 === 0) all[at % all.length] = byte;
          return all;
        }),
      fc.constantFrom(
        new Uint8Array([0xed, 0xa0, 0x80]),
        new Uint8Array([0xc0, 0xaf]),
        new Uint8Array([0xf4, 0x90, 0x80, 0x80]),
        new Uint8Array([0xef, 0xbb, 0xbf]),
        new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x7b]),
        new Uint8Array([0xe2, 0x82]),
      ),
    );
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(), { maxLength: 3 }), (all, cuts) => {
        const careful = decodeCarefully(all);
        const at = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((from, i) => all.subarray(from, [...at, all.length][i]));
        const read = decode(chunks, all.length);
        expect(read.ok ? read.text : 'not UTF-8').toBe(careful ?? 'not UTF-8');
        expect(decodeFast(all)).toBe(careful);
        expect(decodeFast(all, undefined)).toBe(careful);
        // a view into a larger buffer: only its own bytes
        const padded = new Uint8Array(all.length + 2);
        padded.set(all, 1);
        expect(decodeFast(padded.subarray(1, all.length + 1))).toBe(careful);
      }),
      { numRuns: runs(3000) },
    );
    expect(decode([encoder.encode('{}')], 2, 'de')).toStrictEqual({ ok: true, text: '{}' });
    expect(decode([new Uint8Array([0xff])], 1, 'de')).toMatchObject({
      ok: false,
      status: 400,
      body: { violations: [{ params: { reason: 'encoding' } }] },
    });
  });
});
