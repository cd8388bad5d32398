// The README as someone who installed the package reads it. Every TypeScript block of the README and
// of the docs that ship with it, as a service would paste it: each a module of its own in a folder that
// installed the packed package and the frameworks, type-checked under strict, exactOptionalPropertyTypes
// and noUncheckedIndexedAccess, with NodeNext and with Bundler resolution; Node's own request and
// response, and each framework's, fit the helpers' types. Then every TypeScript, JavaScript, Python and
// console block of the README, docs/rules.md and docs/schema.md is run there, and what it prints
// compared with the `output` block after it; a block that listens is a service, called over loopback.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CodeBlock, codeBlocks } from './markdown.js';
import { typeCheck } from './type-check.js';

const consumer = inject('consumer');
const folder = join(consumer, 'readme');
const home = join(consumer, 'node_modules/product-order-validator');
const shipped = (file: string) => readFileSync(join(home, file), 'utf8');
const readme = codeBlocks(shipped('README.md'));
const docs = readdirSync(join(home, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({ file, blocks: codeBlocks(shipped(`docs/${file}`)) }));
const typescript = [
  ...readme.filter((b) => b.lang === 'ts').map((b, i) => [`readme-${i + 1}`, b.code] as const),
  ...docs.flatMap(({ file, blocks }) =>
    blocks.filter((b) => b.lang === 'ts').map((b, i) => [`${file.replace('.md', '')}-${i + 1}`, b.code] as const),
  ),
];
/** The README's blocks, then those of the guides it hands the validator's result and the JSON Schema over to. */
const handedOver: readonly (readonly [file: string, blocks: CodeBlock[]])[] = [
  ['README', readme],
  ...['rules', 'schema'].map((name) => [name, codeBlocks(shipped(`docs/${name}.md`))] as const),
];
const runnable = handedOver.flatMap(([file, blocks]) =>
  blocks
    .filter((b) => ['ts', 'js', 'python', 'console'].includes(b.lang))
    .map((block, i) => [`${file} ${block.lang} block ${i + 1}`, block] as const),
);

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
void parseListQuery;
`;

/** Express's request query fits too. */
const expressFits = `import express from 'express';
import { parseListQuery } from 'product-order-validator/http';

express().get('/x', (req, res) => {
  const query = parseListQuery(req.query);
  res.json(query.valid ? query.value : query.violations);
});
`;

/** A free loopback port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The block as a file node runs: TypeScript stripped of its types, CommonJS where it requires. */
function script(block: CodeBlock, name: string): string {
  if (block.lang === 'ts') {
    const file = join(folder, `${name}.mjs`);
    writeFileSync(file, transformSync(block.code, { loader: 'ts', format: 'esm' }).code);
    return file;
  }
  const file = join(
    folder,
    `${name}.${/\brequire\(/.test(block.code) && !/^import /m.test(block.code) ? 'cjs' : 'mjs'}`,
  );
  writeFileSync(file, block.code);
  return file;
}

/** What a block prints, run as its user would: node, python3, or the commands of a console block. */
function printed(block: CodeBlock, name: string): string {
  if (block.lang === 'python') {
    writeFileSync(join(folder, `${name}.py`), block.code);
    const run = spawnSync('python3', [join(folder, `${name}.py`)], { cwd: consumer, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`python3 ${name}: ${run.stderr}`);
    return run.stdout;
  }
  if (block.lang === 'console') {
    const bin = join(consumer, 'node_modules/.bin/product-order-validate');
    const [command = '', ...expected] = block.code.split('\n');
    const args = command.replace(/^\$ (?:npx|npm exec --no --) product-order-validate /, '').split(' ');
    const run = spawnSync(bin, args, {
      cwd: join(folder, 'cli'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status, run.stderr).toBe(/^✗/m.test(expected.join('\n')) ? 1 : 0);
    return run.stdout;
  }
  const run = spawnSync(process.execPath, [script(block, name)], { cwd: consumer, encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  return run.stdout;
}

const expectedOutput = (block: CodeBlock): string =>
  block.lang === 'console' ? block.code.split('\n').slice(1).join('\n') : (block.output ?? '');

beforeAll(() => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'cli/orders'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  for (const [name, code] of typescript) writeFileSync(join(folder, `${name}.ts`), `${code}\nexport {};\n`);
  writeFileSync(join(folder, 'fits.ts'), fits);
  writeFileSync(join(folder, 'express-fits.ts'), expressFits);
  // Node's objects as the newest @types/node declares them, in a folder of their own
  mkdirSync(join(folder, 'node-26/node_modules/@types'), { recursive: true });
  writeFileSync(join(folder, 'node-26/package.json'), '{ "type": "module" }\n');
  symlinkSync(resolve('node_modules/node-types-26'), join(folder, 'node-26/node_modules/@types/node'), 'dir');
  writeFileSync(join(folder, 'node-26/fits.ts'), fits);
  // the folder of orders the README's console block checks
  copyFileSync(
    'examples/orders/invalid/phone-number-too-long.json',
    join(folder, 'cli/orders/phone-number-too-long.json'),
  );
  copyFileSync('examples/orders/valid/port-change.json', join(folder, 'cli/orders/port-change.json'));
});

describe('the README and the docs for TypeScript', () => {
  it('have TypeScript blocks, one per adapter among them', () => {
    expect(typescript.length).toBeGreaterThanOrEqual(12);
    for (const name of ['express', 'fastify', 'hono'])
      expect(typescript.some(([, code]) => code.includes(`from 'product-order-validator/${name}'`))).toBe(true);
  });

  it.each(['NodeNext', 'Bundler'] as const)(
    'type-check every block, and Node objects fit, with %s resolution',
    (resolution) => {
      expect(typeCheck(folder, { resolution })).toBe('');
    },
  );
});

/**
 * What a `tsx` fragment of docs/forms.md uses without declaring: the names a page around it has, by
 * the module that gives them, and what the page holds (`form`, the order, the resolver).
 */
const fragmentScope: readonly (readonly [name: string, from: string])[] = [
  ...[
    'Controller',
    'get',
    'useController',
    'useFieldArray',
    'useForm',
    'type FieldError',
    'type FieldPath',
    'type UseFormRegister',
    'type Resolver',
  ].map((name) => [name, 'react-hook-form'] as const),
  ['standardSchemaResolver', '@hookform/resolvers/standard-schema'],
  ['useStore', '@tanstack/react-form'],
  ['useEffect', 'react'],
  ['useRef', 'react'],
  ...[
    'blankContactMedium',
    'blankProductOrder',
    'blankRelatedParty',
    'createProductOrderSchema',
    'describeField',
    'fieldFactsDe',
    'labelsDe',
    'toDateTime',
    'toLocalDateTime',
    'type ProductOrderFormValues',
    'type ProductOrderFVO',
  ].map((name) => [name, 'product-order-validator'] as const),
];

/**
 * A `tsx` fragment as a module: the `ts` block before it (whose helpers it shows in use), the names
 * of the page around it, and its statements and markup as a component's body and result.
 */
function fragmentModule(fragment: string, before: string): string {
  const declared = (name: string) =>
    new RegExp(`(import[^;]*\\b${name}\\b|(const|function|let|type) ${name}\\b)`).test(`${before}\n${fragment}`);
  const tanstack = /form\.(Field|store)\b/.test(fragment);
  const scope = fragmentScope.filter(([name]) => !declared(name.replace('type ', '')));
  const lines = [
    ...[...new Set(scope.map(([, from]) => from))].map(
      (from) =>
        `import { ${scope
          .filter(([, f]) => f === from)
          .map(([name]) => name)
          .join(', ')} } from '${from}';`,
    ),
    ...(tanstack ? ["import { useForm as useTanStackForm } from '@tanstack/react-form';"] : []),
    before,
    'declare const order: ProductOrderFVO;',
    ...(declared('resolver')
      ? []
      : ['declare const resolver: Resolver<ProductOrderFormValues, unknown, ProductOrderFVO>;']),
  ];
  const at = fragment.search(/^</m);
  const [statements, markup] = at < 0 ? [fragment, 'null'] : [fragment.slice(0, at), `<>\n${fragment.slice(at)}</>`];
  const form = /^const form\b/m.test(fragment)
    ? ''
    : tanstack
      ? before.includes('function useTanStackOrderForm')
        ? 'const form = useTanStackOrderForm(() => undefined);'
        : 'const form = useTanStackForm({ defaultValues: blankProductOrder() });'
      : 'const form = useForm<ProductOrderFormValues, unknown, ProductOrderFVO>({ defaultValues: blankProductOrder() });';
  return `${lines.join('\n')}\nexport function Fragment() {\n${form}\n${statements}\nvoid form; void order; void resolver;\nreturn (${markup});\n}\n`;
}

describe('the tsx fragments of docs/forms.md', () => {
  const blocks = codeBlocks(shipped('docs/forms.md'));
  const fragments = blocks.flatMap((block, i) => {
    if (block.lang !== 'tsx') return [];
    const before =
      blocks
        .slice(0, i)
        .reverse()
        .find((b) => b.lang === 'ts')?.code ?? '';
    return [[`forms-fragment-${i}`, fragmentModule(block.code, before)] as const];
  });

  // regression: `get(errors, name)?.root` and `error?.message` did not compile under strict with
  // react-hook-form 7.92, whose `get` gives unknown
  it('type-check under strict against the installed react-hook-form and TanStack Form, each in the page around it', () => {
    expect(fragments.length).toBeGreaterThanOrEqual(6);
    const dir = join(consumer, 'forms-fragments');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    for (const [name, code] of fragments) writeFileSync(join(dir, `${name}.tsx`), code);
    const files = fragments.map(([name]) => `${name}.tsx`);
    expect(typeCheck(dir, { resolution: 'Bundler', jsx: true, types: [], files })).toBe('');
  });
});

describe('Node’s request and response', () => {
  it('fit the helpers with the newest @types/node too (26: NodeRequest refused its typed removeListener)', () => {
    const types = JSON.parse(readFileSync('node_modules/node-types-26/package.json', 'utf8'));
    expect(types.version).toMatch(/^26\./);
    expect(typeCheck(join(folder, 'node-26'))).toBe('');
  });
});

describe('every snippet of the README, docs/rules.md and docs/schema.md, run from the installed package', () => {
  let service: ChildProcess | undefined;
  afterEach(() => {
    service?.kill();
    service = undefined;
  });

  it('runs TypeScript, JavaScript, Python and the command line, and each block that prints says what', () => {
    expect(runnable.map(([, b]) => b.lang).sort()).toEqual(['console', 'js', 'python', 'ts', 'ts', 'ts', 'ts', 'ts']);
    expect(runnable.filter(([, b]) => b.output !== undefined || b.lang === 'console')).toHaveLength(7);
  });

  it('gets a user to a first result in a service, a form and CI, each block run as pasted', () => {
    const sections = shipped('README.md')
      .split(/^## /m)
      .filter((part) => part.startsWith('A first result in '));
    expect(sections.map((part) => part.split('\n', 1)[0])).toEqual([
      'A first result in a service',
      'A first result in a form',
      'A first result in CI',
    ]);
    const run = new Set(runnable.map(([, block]) => block.code));
    const ran = sections.map((part) =>
      codeBlocks(part).filter(
        (b) => run.has(b.code) && (b.output !== undefined || b.lang === 'console' || /\.listen\(/.test(b.code)),
      ),
    );
    // the service is called over loopback, the form's schema and the command print what the README says
    expect(ran.map((blocks) => blocks.map((b) => (/\.listen\(/.test(b.code) ? 'listens' : b.lang)))).toEqual([
      ['listens', 'ts'],
      ['ts'],
      ['console'],
    ]);
  });

  it.each(runnable.filter(([, b]) => !/\.listen\(/.test(b.code)))(
    'runs %s and prints what its document says',
    (name, block) => {
      expect(printed(block, name.replaceAll(' ', '-')).trimEnd()).toBe(expectedOutput(block).trimEnd());
    },
  );

  it.each(runnable.filter(([, b]) => /\.listen\(/.test(b.code)))(
    'runs the service %s, which answers a valid order, an invalid one and one without a token',
    async (name, block) => {
      const port = await freePort();
      service = spawn(process.execPath, [script(block, `service-${name.replaceAll(' ', '-')}`)], {
        cwd: consumer,
        env: { ...process.env, PORT: String(port), API_TOKEN: 'readme-secret' },
      });
      const order = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');
      const post = (body: string, token?: string) =>
        fetch(`http://127.0.0.1:${port}/api/productOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body,
        });
      let created: Response | undefined;
      for (let tries = 0; tries < 200 && created === undefined; tries++)
        created = await post(order, 'readme-secret').catch(
          () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)),
        );
      expect(created?.status).toBe(201);
      expect(await created?.json()).toMatchObject({ id: expect.any(String), state: 'acknowledged' });
      expect((await post('{}', 'readme-secret')).status).toBe(400);
      expect((await post(order)).status).toBe(401);
    },
  );
});

describe('the README, from a clone of the repository', () => {
  const section = shipped('README.md')
    .split(/^## /m)
    .find((part) => part.startsWith('From the repository\n'));
  const block = codeBlocks(section ?? '').find((b) => b.lang === 'sh');
  const commands = (block?.code ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  const examples = readdirSync('examples/orders/valid').filter((file) => file.endsWith('.json'));

  it('gives two commands: the example orders checked by the command line, then the tests CI runs', () => {
    expect(commands).toEqual(['npm ci && npx product-order-validate examples/orders/valid', 'npm test']);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m);
    expect(block?.code).toContain(`checks ${examples.length} orders`);
  });

  it('checks the example orders with the command line in a fresh clone, which has no dist/', () => {
    // the files a clone has: those git tracks (as they are in the working tree, and new ones not ignored)
    const clone = join(consumer, 'clone');
    const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
    });
    for (const file of listed.stdout.split('\0').filter((name) => name !== '' && existsSync(name))) {
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      copyFileSync(file, join(clone, file));
    }
    expect(existsSync(join(clone, 'package.json'))).toBe(true);
    expect(existsSync(join(clone, 'dist'))).toBe(false);

    const [install, check = ''] = (commands[0] ?? '').split(' && ');
    expect(install).toBe('npm ci');
    // npm ci: its install is the repository's node_modules, linked in (an offline install of every
    // devDependency would take minutes), then the prepare script, which npm ci runs after it
    symlinkSync(resolve('node_modules'), join(clone, 'node_modules'), 'dir');
    // none of the machine's CI variables (GITHUB_WORKSPACE would name the files from elsewhere)
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      npm_config_offline: 'true',
    };
    const prepare = spawnSync('npm', ['run', 'prepare'], { cwd: clone, env, encoding: 'utf8', timeout: 540_000 });
    expect(prepare.status, prepare.stderr).toBe(0);

    const run = spawnSync('sh', ['-c', check], {
      cwd: clone,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(run.status, run.stderr).toBe(0);
    for (const file of examples) expect(run.stdout).toContain(`✓ examples/orders/valid/${file}`);
    expect(run.stdout).toContain(`${examples.length} orders: ${examples.length} valid, 0 invalid`);
  }, 600_000);
});
