// The browser bundle of the packed package, and the order form example in real Chromium under a strict
// Content-Security-Policy: the right messages at the right fields, in English and German, and no
// CSP violation.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importEsm } from './consumer.js';

const consumer = inject('consumer');
const bundle = join(consumer, 'node_modules/product-order-validator/dist/browser.js');

describe('the browser bundle', () => {
  it('is what a bundler resolving for browsers picks', async () => {
    const result = await build({
      stdin: { contents: `export * from 'product-order-validator';`, resolveDir: consumer, loader: 'js' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((input) => input.includes('product-order-validator'));
    expect(inputs).toEqual([expect.stringMatching(/node_modules\/product-order-validator\/dist\/browser\.js$/)]);
  });

  it('is one self-contained module: no require, no eval, no new Function, no import, no Node globals', () => {
    const code = readFileSync(bundle, 'utf8');
    expect(code).toMatch(/^export \{/m);
    for (const banned of [
      /\brequire\(/,
      /\beval\(/,
      /new Function/,
      /^\s*import\b/m,
      /\bimport\(/,
      /\bprocess\./,
      /\bBuffer\b/,
    ])
      expect(code).not.toMatch(banned);
  });
});

const PARTY = '/relatedParty/0/partyOrPartyRole';
const PHONE = `${PARTY}/contactMedium/0/phoneNumber`;
const FAMILY_NAME = `${PARTY}/familyName`;
const POSTED = '/orderPostedDate';
const PLACES = '/productOrderItem/0/product/relatedPlace';

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

describe('the order form example in Chromium, under script-src self', () => {
  let server: ChildProcess;
  let url: string;
  let browser: Browser;
  let page: Page;
  let api: Awaited<ReturnType<typeof importEsm>>;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    api = await importEsm();
    server = spawn(process.execPath, ['examples/browser-form/serve.mjs', '--port', '0', '--bundle', bundle]);
    const [address] = await once(server.stdout as NodeJS.ReadableStream, 'data');
    url = String(address).trim();
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: flags });
    page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    // runs before the page's own scripts, and outside its CSP; page code is given as text, since
    // the tests compile without the DOM types
    await page.addInitScript(`
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(event.effectiveDirective + ' ' + event.blockedURI));
    `);
  });

  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  const field = (path: string) => page.locator(`[data-path="${path}"]`);
  const cspViolations = () => page.evaluate<string[]>('window.cspViolations');

  /** The rule, code and text of the messages shown at `path`, waiting until some show. */
  async function shownAt(path: string) {
    const messages = page.locator(`output[data-error-for="${path}"] span`);
    await messages.first().waitFor();
    return messages.evaluateAll((spans) =>
      spans.map((span) => ({ rule: span.dataset.rule, code: span.dataset.code, message: span.textContent })),
    );
  }

  /** The issues the packed package gives for the order the form shows as JSON, by JSON Pointer. */
  async function expectedAt(path: string, lang: 'en' | 'de') {
    const order = JSON.parse((await page.locator('#json').textContent()) ?? '');
    const result = api.createProductOrderSchema({ lang })['~standard'].validate(order);
    return (result.issues ?? [])
      .filter((issue) => `/${issue.path.join('/')}` === path)
      .map(({ rule, code, message }) => ({ rule, code, message }));
  }

  it('serves the page with the strict policy', async () => {
    const response = await page.goto(url);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    await page.locator('#status[data-ready="true"]').waitFor();
    await expect.poll(() => page.locator('#status').getAttribute('data-valid')).toBe('false');
  });

  it('shows each violation next to its field as the user types, in English', async () => {
    await field(POSTED).fill('2025-03-10T09:15+01:00');
    await field(PHONE).fill('0'.repeat(31));
    await field(FAMILY_NAME).fill('M');
    await field(FAMILY_NAME).fill('');
    expect(await shownAt(POSTED)).toEqual([
      { rule: 'R-field', code: 'invalid_date_time', message: expect.any(String) },
    ]);
    expect(await shownAt(PHONE)).toEqual([{ rule: 'R-contact', code: 'too_long', message: expect.any(String) }]);
    expect(await shownAt(FAMILY_NAME)).toEqual([{ rule: 'R-party', code: 'required', message: expect.any(String) }]);
    for (const path of [POSTED, PHONE, FAMILY_NAME]) expect(await shownAt(path)).toEqual(await expectedAt(path, 'en'));
    // fields the user has not touched show nothing yet
    expect(await page.locator('output[data-error-for="/requestedCompletionDate"] span').count()).toBe(0);
    mkdirSync('test/artifacts', { recursive: true });
    await page.screenshot({ path: 'test/artifacts/browser-form-errors.png', fullPage: true });
  });

  it('switches the messages and the page to German', async () => {
    await page.locator('#lang').selectOption('de');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    for (const path of [POSTED, PHONE, FAMILY_NAME]) {
      const expected = await expectedAt(path, 'de');
      await expect.poll(() => shownAt(path)).toEqual(expected);
      expect(expected[0].message).not.toEqual((await expectedAt(path, 'en'))[0].message);
    }
  });

  it('shows every violation on "check", at the field or list it concerns', async () => {
    await page.locator('button[type="submit"]').click();
    expect(await shownAt('/requestedCompletionDate')).toMatchObject([{ rule: 'R-field', code: 'required' }]);
    // an HVt local loop needs locationA and locationB: R10 reports it at the list
    expect(await shownAt(PLACES)).toMatchObject([{ rule: 'R10', code: 'too_few_items' }]);
  });

  it('shows a valid order as valid', async () => {
    await field(POSTED).fill('2025-03-10T09:15:00+01:00');
    await field('/requestedCompletionDate').fill('2025-04-01T12:00:00+02:00');
    await field(`${PARTY}/salutation`).fill('Frau');
    await field(FAMILY_NAME).fill('Muster');
    await field(PHONE).fill('+49221123456');
    for (const [key, value] of [
      ['streetName', 'Venloer Straße'],
      ['streetNr', '241'],
      ['postcode', '50823'],
      ['city', 'Köln'],
    ])
      await field(`${PLACES}/0/place/${key}`).fill(value);

    await page.locator(`[data-path="${PLACES}"] > button[data-add="place"]`).click();
    await field(`${PLACES}/1/role`).selectOption('locationB');
    await field(`${PLACES}/1/place/@type`).selectOption('GeographicSite');
    const characteristics = `${PLACES}/1/place/geographicSiteCharacteristic`;
    for (const [index, name, value] of [
      [0, 'national_destination_code', '221'],
      [1, 'local_exchange_area', '12'],
    ]) {
      await page.locator(`[data-path="${characteristics}"] > button[data-add]`).click();
      await field(`${characteristics}/${index}/name`).fill(String(name));
      await field(`${characteristics}/${index}/value`).fill(String(value));
    }
    await field(`${PLACES}/1/place/place/0/id`).fill('HVT-0221-12');

    await page.locator('#status[data-valid="true"]').waitFor();
    expect(await page.locator('output.errors span').count()).toBe(0);
    expect(await page.locator('[aria-invalid]').count()).toBe(0);
    const order = JSON.parse((await page.locator('#json').textContent()) ?? '');
    expect(api.validateProductOrder(order).valid).toBe(true);
    await page.screenshot({ path: 'test/artifacts/browser-form-valid.png', fullPage: true });
  });

  it('ran without a CSP violation or a script error, and the policy is in force', async () => {
    expect(await cspViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
    // a control: an inline script is blocked and reported, so the listener would have seen a violation
    await page.evaluate(`
      const script = document.createElement('script');
      script.textContent = 'document.title = "inline ran"';
      document.body.append(script);
    `);
    await expect.poll(cspViolations).toEqual(['script-src-elem inline']);
    expect(await page.title()).not.toBe('inline ran');
  });
});
