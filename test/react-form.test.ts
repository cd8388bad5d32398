// The packed package in a React 19 page with react-hook-form and @hookform/resolvers' Standard Schema
// resolver, as a carrier's web form uses it, in real Chromium under a strict Content-Security-Policy:
// labelled messages at the fields, empty inputs as missing, date pickers read in Europe/Berlin, a
// cross-field rule re-run when the product changes, and a submitted order that validates.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { build, type Plugin } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium, tryInlineScript, type WatchedPage, watchedPage } from './chromium.js';
import { importEsm } from './consumer.js';

const consumer = inject('consumer');
const entry = resolve('test/react-form/app.jsx');
const policy = "default-src 'self'; script-src 'self'; object-src 'none'";
const html = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <title>Auftrag</title>
    <script type="module" src="/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The page's own imports of packages resolve as in an application beside the packed package. */
const fromConsumer: Plugin = {
  name: 'from-consumer',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.importer === entry ? context.resolve(args.path, { kind: args.kind, resolveDir: consumer }) : undefined,
    );
  },
};

let out: string;
let inputs: string[];
let server: Server;
let url: string;
let browser: Browser;
let api: Awaited<ReturnType<typeof importEsm>>;

beforeAll(async () => {
  api = await importEsm();
  out = mkdtempSync(join(consumer, 'react-form-'));
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
  inputs = Object.keys(result.metafile.inputs).map((input) => resolve(input));
  writeFileSync(join(out, 'index.html'), html);
  const files: Record<string, [string, string]> = {
    '/': ['index.html', 'text/html; charset=utf-8'],
    '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files[path];
    const headers = { 'Content-Security-Policy': policy, 'Cache-Control': 'no-store' };
    if (!file) response.writeHead(path === '/favicon.ico' ? 204 : 404, headers).end();
    else response.writeHead(200, { ...headers, 'Content-Type': file[1] }).end(readFileSync(join(out, file[0])));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

it('bundles the page with the packed package, as a bundler resolving for browsers picks it', () => {
  const home = join(consumer, 'node_modules/product-order-validator/');
  const packed = inputs.filter((input) => input.includes('product-order-validator'));
  expect(packed.map((input) => relative(home, input))).toEqual(['dist/browser.js']);
  expect(inputs.filter((input) => input.startsWith(resolve('src')) || input.startsWith(resolve('dist')))).toEqual([]);
});

const cases = [
  {
    lang: 'de',
    label: {
      type: 'Produktart',
      familyName: 'Nachname',
      phone: 'Telefonnummer',
      date: 'Gewünschter Fertigstellungstermin',
    },
    product: { hvt: 'TAL am HVt', bitstream: 'Bitstromzugang' },
    phone: 'Telefonnummer (Kontakt 1) darf höchstens 30 Zeichen lang sein.',
    familyName: 'Nachname (Technischer Ansprechpartner) ist eine Pflichtangabe.',
    date: 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.',
    places: 'Für Bitstromzugang ist genau ein Standort nötig: Standort A.',
  },
  {
    lang: 'en',
    label: { type: 'Product type', familyName: 'Last name', phone: 'Phone number', date: 'Requested completion date' },
    product: { hvt: 'Local loop from the exchange (HVt)', bitstream: 'Bitstream access line' },
    phone: 'Phone number (contact detail 1) must be at most 30 characters long.',
    familyName: 'Last name (Technical contact) is required.',
    date: 'Requested completion date is required.',
    places: 'For bitstream access line, exactly one location is needed: location A.',
  },
] as const;

describe.each(cases)('the React form in $lang', (want) => {
  let page: Page;
  let pageErrors: string[];
  let cspViolations: () => Promise<string[]>;
  let watched: WatchedPage;

  beforeAll(async () => {
    watched = await watchedPage(browser);
    ({ page, pageErrors, cspViolations } = watched);
  });

  afterAll(() => page?.context().close());

  beforeEach(async () => {
    await page.goto(`${url}?lang=${want.lang}`);
    await page.getByTestId('form').waitFor();
  });

  /** The control with this visible label. */
  const field = (label: string) => page.getByLabel(label, { exact: true });

  /** The text of what the control's aria-describedby names, once it is `expected`. */
  async function expectMessage(label: string, expected: string) {
    const id = await field(label).getAttribute('aria-describedby');
    expect(id).toMatch(/-error$/);
    await expect.poll(() => page.locator(`[id="${id}"]`).textContent()).toBe(expected);
  }

  const values = async () => JSON.parse((await page.getByTestId('values').textContent()) ?? '');

  it('shows a too long phone number at the phone field, in the form’s words, linked to it', async () => {
    await field(want.label.phone).fill('0'.repeat(31));
    await expectMessage(want.label.phone, want.phone);
    expect(await field(want.label.phone).getAttribute('aria-invalid')).toBe('true');
    // the message is the field's own: the others stay quiet
    expect(await page.getByTestId('family-name-error').textContent()).toBe('');

    await field(want.label.phone).fill('+49221123456');
    await expectMessage(want.label.phone, '');
    expect(await field(want.label.phone).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows an emptied family name as missing', async () => {
    await field(want.label.familyName).fill('');
    await expectMessage(want.label.familyName, want.familyName);
    expect(await field(want.label.familyName).getAttribute('aria-invalid')).toBe('true');
    await field(want.label.familyName).fill('Muster');
    await expectMessage(want.label.familyName, '');
  });

  it('reads the date picker in Europe/Berlin: a skipped hour moves forward, a repeated one is the first', async () => {
    const date = field(want.label.date);
    for (const [local, dateTime] of [
      ['2025-03-30T02:30', '2025-03-30T03:30:00+02:00'],
      ['2025-10-26T02:30', '2025-10-26T02:30:00+02:00'],
      ['2025-02-17T10:30', '2025-02-17T10:30:00+01:00'],
    ]) {
      await date.fill(local);
      await expect.poll(async () => (await values()).requestedCompletionDate).toBe(dateTime);
      await expectMessage(want.label.date, '');
      expect(await date.getAttribute('aria-invalid')).toBeNull();
    }
    // the picker shows the time the order holds: 03:30, not the 02:30 that never was
    await date.fill('2025-03-30T02:30');
    await expect.poll(() => date.inputValue()).toMatch(/^2025-03-30T03:30(:00)?$/);
    await date.fill('');
    await expectMessage(want.label.date, want.date);
  });

  it('re-runs the places rule when the product changes, without the places being touched', async () => {
    const places = page.getByTestId('places');
    await field(want.label.type).selectOption({ label: want.product.bitstream });
    await expect.poll(() => page.getByTestId('places-error').textContent()).toBe(want.places);
    expect(await places.getAttribute('aria-invalid')).toBe('true');
    expect(await places.getAttribute('aria-describedby')).toBe('places-error');
    const order = await values();
    expect(order.productOrderItem[0].product['@type']).toBe('BitstreamAccessProduct');
    expect(order.productOrderItem[0].product.relatedPlace).toHaveLength(2);

    await field(want.label.type).selectOption({ label: want.product.hvt });
    await expect.poll(() => page.getByTestId('places-error').textContent()).toBe('');
    expect(await places.getAttribute('aria-invalid')).toBeNull();
  });

  it('submits a valid order that the package accepts, and holds back an invalid one', async () => {
    await field(want.label.familyName).fill('');
    await page.getByTestId('submit').click();
    await expectMessage(want.label.familyName, want.familyName);
    expect(await page.getByTestId('submitted').textContent()).toBe('');

    await field(want.label.familyName).fill('Schmidt');
    await field(want.label.phone).fill('+49221123456');
    await field(want.label.date).fill('2025-04-01T12:00');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('submitted').textContent()).not.toBe('');
    const order = JSON.parse((await page.getByTestId('submitted').textContent()) ?? '');
    expect(order.relatedParty[0].partyOrPartyRole).toMatchObject({
      familyName: 'Schmidt',
      contactMedium: [{ phoneNumber: '+49221123456' }, {}],
    });
    expect(order.requestedCompletionDate).toBe('2025-04-01T12:00:00+02:00');
    expect(api.validateProductOrder(order).violations).toEqual([]);
  });

  it('has no serious or critical accessibility finding, with its messages shown', async () => {
    await field(want.label.phone).fill('0'.repeat(31));
    await field(want.label.familyName).fill('');
    await field(want.label.type).selectOption({ label: want.product.bitstream });
    await expectMessage(want.label.phone, want.phone);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(
      severe.map(({ id }) => id),
      `others: ${violations.map(({ id }) => id).join(', ')}`,
    ).toEqual([]);
  });

  it('ran without a script error or a CSP violation, and the policy is in force', async () => {
    expect(await cspViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
    // a control: an inline script is blocked and reported, so the listener would have seen a violation
    expect(await tryInlineScript(watched)).toEqual({ violations: ['script-src-elem inline'], ran: false });
    expect(await page.locator('html').getAttribute('lang')).toBe(want.lang);
  });
});
