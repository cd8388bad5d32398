// Every TypeScript block of the README, as a service would paste it: each a module of its own in a
// folder that installed the packed package and the frameworks, type-checked under strict,
// exactOptionalPropertyTypes and noUncheckedIndexedAccess, with NodeNext and with Bundler resolution.
// Node's own request and response, and each framework's, fit the helpers' types.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const folder = join(inject('consumer'), 'readme-types');
const blocks = [...readFileSync('README.md', 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');

/** Node's and the frameworks' own objects given to the helpers as they are, without casts. */
const fits = `import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  checkRequest,
  checkRequestHead,
  createListenerHandler,
  type NodeRequest,
  type NodeResponse,
  parseListQuery,
  readNodeBody,
  sendNode,
} from 'product-order-validator/http';
import express from 'express';

const listen = createListenerHandler({ onEvent: () => undefined });
createServer(async (req: IncomingMessage, res: ServerResponse) => {
  const request: NodeRequest = req;
  const response: NodeResponse = res;
  const head = await checkRequestHead(
    { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers },
    { authorize: async () => true },
  );
  if (!head.ok) return sendNode(res, head, req);
  const body = await readNodeBody(request);
  if (!body.ok) return sendNode(response, body);
  const checked = checkRequest({ method: 'POST', path: '/inflightChangeProductOrder', headers: req.headers, bodyText: body.text });
  sendNode(res, checked.ok ? { status: 201, headers: {}, body: checked } : checked);
  void listen(req, res);
});
express().get('/x', (req, res) => {
  const query = parseListQuery(req.query);
  res.json(query.valid ? query.value : query.violations);
});
`;

function typeCheck(resolution: 'NodeNext' | 'Bundler'): string {
  const module = resolution === 'NodeNext' ? 'NodeNext' : 'ESNext';
  writeFileSync(
    join(folder, `tsconfig.${resolution}.json`),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module,
        moduleResolution: resolution,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['*.ts'],
    }),
  );
  const tsc = resolve('node_modules/typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: folder, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: unknown }).stdout);
  }
}

beforeAll(() => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  blocks.forEach((block, i) => {
    writeFileSync(join(folder, `readme-${i + 1}.ts`), `${block}\nexport {};\n`);
  });
  writeFileSync(join(folder, 'fits.ts'), fits);
});

describe('the README for TypeScript', () => {
  it('has TypeScript blocks, one per adapter among them', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const name of ['express', 'fastify', 'hono'])
      expect(blocks.some((b) => b.includes(`from 'product-order-validator/${name}'`))).toBe(true);
  });

  it.each(['NodeNext', 'Bundler'] as const)(
    'type-checks every block, and Node objects fit, with %s resolution',
    (resolution) => {
      expect(typeCheck(resolution)).toBe('');
    },
  );
});
