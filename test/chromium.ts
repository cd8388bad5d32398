// Debian's Chromium for the browser tests, driven by playwright-core (which downloads no browser),
// a page that records its script errors and the violations of its Content-Security-Policy, and a
// form page bundled against the packed package and served under a strict policy.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { build, type Plugin } from 'esbuild';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { importEsm } from './consumer.js';

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium at `$CHROMIUM`, else /usr/bin/chromium. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: flags });

/** A watched page and what it saw. */
export interface WatchedPage {
  readonly page: Page;
  /** The page's uncaught errors and console errors. */
  readonly pageErrors: string[];
  /** Each CSP violation the page reported, as `directive blockedURI`. */
  readonly cspViolations: () => Promise<string[]>;
}

/**
 * A page in a context of its own (AxeBuilder opens a second, blank page in it to put its results
 * together), recording script errors and CSP violations. The policy is not bypassed.
 */
export async function watchedPage(browser: Browser, options?: BrowserContextOptions): Promise<WatchedPage> {
  const page = await (await browser.newContext(options)).newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  // runs before the page's own scripts, and outside its CSP; given as text, since the tests
  // compile without the DOM types
  await page.addInitScript(`
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(event.effectiveDirective + ' ' + event.blockedURI));
  `);
  return { page, pageErrors, cspViolations: () => page.evaluate<string[]>('window.cspViolations') };
}

/**
 * A watched page for the tests of one `describe` block, in a context of its own (closed after them),
 * opened at `url()` before each test once the form (`data-testid="form"`) shows. `browser` and `url`
 * are read when the hooks run, after the file's `beforeAll` started Chromium and served the page.
 */
export function formPage(browser: () => Browser, url: () => string): WatchedPage {
  let watched: WatchedPage | undefined;
  beforeAll(async () => {
    watched = await watchedPage(browser());
  });
  afterAll(() => watched?.page.context().close());
  beforeEach(async () => {
    await held().page.goto(url());
    await held().page.getByTestId('form').waitFor();
  });
  const held = (): WatchedPage => {
    if (watched === undefined) throw new Error('formPage: read before its beforeAll ran');
    return watched;
  };
  return {
    get page() {
      return held().page;
    },
    get pageErrors() {
      return held().pageErrors;
    },
    cspViolations: () => held().cspViolations(),
  };
}

/**
 * Whether the page's policy is in force: an inline script added now is blocked and reported, so the
 * page's listener would have seen any violation before. Gives the CSP violations afterwards and
 * whether the script ran.
 */
export async function tryInlineScript(watched: WatchedPage): Promise<{ violations: string[]; ran: boolean }> {
  const { page, cspViolations } = watched;
  const before = (await cspViolations()).length;
  await page.evaluate(`
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  `);
  for (let tries = 0; tries < 50 && (await cspViolations()).length === before; tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return { violations: await cspViolations(), ran: await page.evaluate<boolean>('window.inlineRan === true') };
}

/** The policy the form pages are served under: scripts from the page's origin only, no eval. */
export const strictPolicy = "default-src 'self'; script-src 'self'; object-src 'none'";

/** A served page and what it was built from. */
export interface ServedPage {
  readonly url: string;
  /** The absolute paths of the files esbuild bundled. */
  readonly inputs: readonly string[];
  readonly close: () => void;
}

/**
 * The page whose script is `entry` (JSX or TSX), bundled by esbuild for browsers as an application
 * beside the packed package in `consumer` has it (the entry's own imports resolve from there), and
 * served on 127.0.0.1 under {@link strictPolicy}.
 */
export async function servePage(entry: string, consumer: string, title: string): Promise<ServedPage> {
  const fromConsumer: Plugin = {
    name: 'from-consumer',
    setup(context) {
      context.onResolve({ filter: /^[^./]/ }, (args) =>
        args.importer === entry ? context.resolve(args.path, { kind: args.kind, resolveDir: consumer }) : undefined,
      );
    },
  };
  const out = mkdtempSync(join(consumer, 'page-'));
  const result = await build({
    entryPoints: [entry],
    outfile: join(out, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [fromConsumer],
    metafile: true,
    logLevel: 'silent',
  });
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <title>${title}</title>
    <script type="module" src="/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  const files: Record<string, [string, string]> = {
    '/': ['index.html', 'text/html; charset=utf-8'],
    '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files[path];
    const headers = { 'Content-Security-Policy': strictPolicy, 'Cache-Control': 'no-store' };
    if (!file) response.writeHead(path === '/favicon.ico' ? 204 : 404, headers).end();
    else response.writeHead(200, { ...headers, 'Content-Type': file[1] }).end(readFileSync(join(out, file[0])));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)),
    close: () => {
      server.closeAllConnections();
      server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/** Expects axe-core to find nothing serious or critical on the page; the lesser findings name themselves on failure. */
export async function expectNoSevereAxeFinding(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(
    severe.map(({ id }) => id),
    `others: ${violations.map(({ id }) => id).join(', ')}`,
  ).toEqual([]);
}

/** Expects axe-core to find nothing at all on the page, of any impact. */
export async function expectNoAxeFinding(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The issues of the package's schema for the values a form page shows (`data-testid="values"`). */
export type IssuesOf = (values: unknown) => Promise<readonly { path?: readonly unknown[]; message: string }[]>;

/**
 * Submits the form page, its values an order whose list at `list` lacks a row, and expects the
 * package's one issue of `rule` at the list, its `params.focus` the control that adds a row, the
 * message at the list's group (`data-testid` the list's pointer with `-` for `/`), and the focus on
 * that control (`<id>-add`); nothing submitted, no script error or CSP violation.
 */
export async function expectMissingRowAtList(
  form: WatchedPage,
  issuesOf: IssuesOf,
  { list, rule }: { readonly list: string; readonly rule: string },
): Promise<void> {
  const { page } = form;
  const byId = (id: string) => page.getByTestId(id);
  const issues = await issuesOf(JSON.parse((await byId('values').textContent()) ?? ''));
  expect(
    issues.map((i) => ({
      path: `/${(i.path ?? []).join('/')}`,
      rule: (i as { rule?: string }).rule,
      focus: (i as { params?: { focus?: string } }).params?.focus,
    })),
  ).toEqual([{ path: list, rule, focus: `${list}/-` }]);
  const id = list.slice(1).replaceAll('/', '-');
  await byId('submit').click();
  await expectDescribed(byId(id), issues[0].message);
  expect(await byId(id).getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => page.evaluate<string>('document.activeElement?.dataset.testid ?? ""')).toBe(`${id}-add`);
  expect(await byId('submitted').textContent()).toBe('');
  expect(await form.cspViolations()).toEqual([]);
  expect(form.pageErrors).toEqual([]);
}

/** Expects the text of what the control's aria-describedby names to become `expected`. */
export async function expectDescribed(control: Locator, expected: string): Promise<void> {
  const id = await control.getAttribute('aria-describedby');
  expect(id).toMatch(/-error$/);
  await expect.poll(() => control.page().locator(`[id="${id}"]`).textContent()).toBe(expected);
}

/**
 * What a test of the page of emptied lists asks of it: an element by its test id, the test id that
 * has the focus, and the issues of `values` in the German form's words, by the packed package `api`.
 */
export function listsPageKit(form: WatchedPage, api: () => Awaited<ReturnType<typeof importEsm>>) {
  return {
    byId: (id: string) => form.page.getByTestId(id),
    focused: () => form.page.evaluate<string>('document.activeElement?.dataset.testid ?? ""'),
    issuesOf: async (values: unknown) =>
      (
        await api()
          .createProductOrderSchema({ labels: api().labelsDe, emptyAsMissing: true })
          ['~standard'].validate(values)
      ).issues ?? [],
  };
}
