// The browser bundle of the packed package, and the order form example in real Chromium under a strict
// Content-Security-Policy: the package's labels on the fields, its messages at the right fields, in
// German and English, tied to them for assistive technology, date pickers read in German time, no
// serious axe-core finding and no CSP violation.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, tryInlineScript, type WatchedPage, watchedPage } from './chromium.js';
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
      // Node's Buffer as a global; `node:buffer`'s, asked for where Node has it, is read as a property
      /(?<![.\w])Buffer\b/,
    ])
      expect(code).not.toMatch(banned);
  });
});

const PARTY = '/relatedParty/0/partyOrPartyRole';
const PHONE = `${PARTY}/contactMedium/0/phoneNumber`;
const FAMILY_NAME = `${PARTY}/familyName`;
const POSTED = '/orderPostedDate';
const COMPLETION = '/requestedCompletionDate';
const PRODUCT = '/productOrderItem/0/product/@type';
const PLACES = '/productOrderItem/0/product/relatedPlace';

describe('the order form example in Chromium, under script-src self', () => {
  let server: ChildProcess;
  let url: string;
  let browser: Browser;
  let page: Page;
  let api: Awaited<ReturnType<typeof importEsm>>;
  let pageErrors: string[];
  let cspViolations: () => Promise<string[]>;
  let watched: WatchedPage;

  beforeAll(async () => {
    api = await importEsm();
    // the example as it ships, serving the browser module of the package it lies in
    server = spawn(process.execPath, [
      join(consumer, 'node_modules/product-order-validator/examples/browser-form/serve.mjs'),
      '--port',
      '0',
    ]);
    const [address] = await once(server.stdout as NodeJS.ReadableStream, 'data');
    url = String(address).trim();
    browser = await launchChromium();
    watched = await watchedPage(browser, { viewport: { width: 1000, height: 1400 } });
    ({ page, pageErrors, cspViolations } = watched);
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  const field = (path: string) => page.locator(`[data-path="${path}"]`);
  /** The control whose accessible name is `name`: a select by its role (getByLabel counts its options in), an input by its label. */
  const named = (name: string) =>
    page.getByRole('combobox', { name, exact: true }).or(page.getByLabel(name, { exact: true }));
  const orderShown = async () => JSON.parse((await page.locator('#json').textContent()) ?? '');

  /** The rule, code and text of the messages shown at `path`, waiting until some show. */
  async function shownAt(path: string) {
    const messages = page.locator(`output[data-error-for="${path}"] span`);
    await messages.first().waitFor();
    return messages.evaluateAll((spans) =>
      spans.map((span) => ({ rule: span.dataset.rule, code: span.dataset.code, message: span.textContent })),
    );
  }

  /** The schema the form uses, from the packed package: labelled messages, empty fields missing. */
  const schemaOf = (lang: 'en' | 'de') =>
    api.createProductOrderSchema({ lang, labels: lang === 'de' ? api.labelsDe : api.labelsEn, emptyAsMissing: true });

  /** The issues the packed package gives for the order the form shows as JSON, by JSON Pointer. */
  async function expectedAt(path: string, lang: 'en' | 'de') {
    const result = schemaOf(lang)['~standard'].validate(await orderShown());
    return (result.issues ?? [])
      .filter((issue) => `/${issue.path.join('/')}` === path)
      .map(({ rule, code, message }) => ({ rule, code, message }));
  }

  /** The texts of the elements the aria-describedby of the element at `path` points at, in its order. */
  async function descriptionOf(path: string) {
    const ids = (await field(path).getAttribute('aria-describedby'))?.split(' ') ?? [];
    const texts: (string | null)[] = [];
    for (const id of ids) texts.push(await page.locator(`[id="${id}"]`).textContent());
    return texts;
  }

  /** Runs axe-core in the page: no serious or critical violation; the others are named in the failure. */
  async function expectNoSeriousAxeViolation() {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    const others = violations.filter((violation) => !severe.includes(violation));
    expect(
      severe.map(
        ({ id, impact, nodes }) => `${impact} ${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`,
      ),
      `other violations: ${others.map(({ id, impact }) => `${id} (${impact})`).join(', ') || 'none'}`,
    ).toEqual([]);
    // axe-core is put into the page with page.evaluate, which the page's CSP does not govern, and
    // runs there without eval: the page's policy reported nothing
    expect(await cspViolations()).toEqual([]);
  }

  it('serves the page with the strict policy, in German', async () => {
    const response = await page.goto(url);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    await page.locator('#status[data-ready="true"]').waitFor();
    await expect.poll(() => page.locator('#status').getAttribute('data-valid')).toBe('false');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('#lang').inputValue()).toBe('de');
    expect(await page.title()).toBe('Produktauftrag');
  });

  it("names the fields and the options in the package's German labels, the values those of the order", async () => {
    for (const [label, path] of [
      ['Auftragsart', '/category'],
      ['Gewünschter Fertigstellungstermin', COMPLETION],
      ['Nachname', FAMILY_NAME],
      ['Telefonnummer', PHONE],
    ])
      expect(await named(label).getAttribute('data-path')).toBe(path);
    const option = (path: string, value: string) => field(path).locator(`option[value="${value}"]`).textContent();
    expect(await option(`${PLACES}/0/role`, 'locationA')).toBe('Standort A');
    expect(await option(PRODUCT, 'HvtLocalLoopProduct')).toBe('TAL am HVt');
    expect(await option('/relatedParty/0/role', 'technicalContact')).toBe('Technischer Ansprechpartner');

    // every label and legend is the package's word for its key, rows counted as the messages count them
    const { fields, values, item } = api.labelsDe;
    const labels = await page
      .locator('[data-label]')
      .evaluateAll((elements) =>
        elements.map((element) => ({ key: element.dataset.label, n: element.dataset.n, text: element.textContent })),
      );
    expect(labels.length).toBeGreaterThan(20);
    for (const { key, n, text } of labels) {
      const label = fields[key] ?? fields[key.replace(/\[\]$/, '')];
      expect(label, key).toBeDefined();
      // a row of contact details adds its kind: "Kontakt 1: Telefon"
      expect(text.split(': ')[0], key).toBe(n ? item(label, Number(n)) : label);
    }
    // every option shows the label of its value, and the value is the order's own
    const options = await page
      .locator('select[data-key] option')
      .evaluateAll((elements) => elements.map((element) => ({ value: element.value, text: element.textContent })));
    expect(options.length).toBeGreaterThan(30);
    for (const { value, text } of options) expect(text, value).toBe(values[value]);

    // every control a clerk fills in has a label; each remove button says what it removes
    const unlabelled = await page
      .locator('input:not([type="hidden"]), select')
      .evaluateAll((controls) =>
        controls.filter((control) => !control.labels?.[0]?.textContent?.trim()).map((control) => control.outerHTML),
      );
    expect(unlabelled).toEqual([]);
    expect(await page.locator('button[data-remove]').allTextContents()).toEqual([
      'Kontakt 1 entfernen',
      'Standort 1 entfernen',
    ]);
  });

  it("shows each violation next to its field as the user types, in the package's labelled German", async () => {
    await field(PHONE).fill('0'.repeat(31));
    await field(FAMILY_NAME).fill('M');
    await field(FAMILY_NAME).fill('');
    const required = {
      rule: 'R-party',
      code: 'required',
      message: 'Nachname (Technischer Ansprechpartner) ist eine Pflichtangabe.',
    };
    expect(await shownAt(PHONE)).toEqual([
      {
        rule: 'R-contact',
        code: 'too_long',
        message: 'Telefonnummer (Kontakt 1) darf höchstens 30 Zeichen lang sein.',
      },
    ]);
    expect(await shownAt(FAMILY_NAME)).toEqual([required]);
    for (const path of [PHONE, FAMILY_NAME]) expect(await shownAt(path)).toEqual(await expectedAt(path, 'de'));
    // a name of blanks is no name either (emptyAsMissing), though the order carries it
    await field(FAMILY_NAME).fill('   ');
    expect((await orderShown()).relatedParty[0].partyOrPartyRole.familyName).toBe('   ');
    expect(await shownAt(FAMILY_NAME)).toEqual([required]);
    expect(await expectedAt(FAMILY_NAME, 'de')).toEqual([required]);
    // fields the user has not touched show nothing yet
    expect(await page.locator(`output[data-error-for="${COMPLETION}"] span`).count()).toBe(0);
  });

  it('ties a message to its field with aria-invalid and aria-describedby, and unties it once the field is right', async () => {
    const [{ message }] = await shownAt(PHONE);
    expect(await field(PHONE).getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(PHONE)).toEqual([message]);
    await field(PHONE).fill('+49221123456');
    await expect.poll(() => field(PHONE).getAttribute('aria-invalid')).toBeNull();
    expect(await field(PHONE).getAttribute('aria-describedby')).toBeNull();
    expect(await page.locator(`output[data-error-for="${PHONE}"] span`).count()).toBe(0);
    // the family name still has its message
    expect(await descriptionOf(FAMILY_NAME)).toEqual([
      'Nachname (Technischer Ansprechpartner) ist eine Pflichtangabe.',
    ]);
  });

  it('shows every violation on "check", at the field or list it concerns, and focuses the first field', async () => {
    await page.locator('button[type="submit"]').click();
    const completion = await shownAt(COMPLETION);
    expect(completion).toEqual([
      { rule: 'R-field', code: 'required', message: 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.' },
    ]);
    // the message first, then the hint the date pickers share
    expect(await descriptionOf(COMPLETION)).toEqual([
      completion[0].message,
      'Datum und Uhrzeit in deutscher Zeit (MEZ/MESZ).',
    ]);
    // an HVt local loop needs locationA and locationB: a place is missing, so R10's issue is at the
    // list, which it describes, not at the role of the place the clerk has
    const places = await shownAt(PLACES);
    expect(places).toEqual([
      {
        rule: 'R10',
        code: 'too_few_items',
        message: 'Für TAL am HVt sind genau zwei Standorte nötig: Standort A und Standort B.',
      },
    ]);
    expect(places).toEqual(await expectedAt(PLACES, 'de'));
    expect(await descriptionOf(PLACES)).toEqual([places[0].message]);
    expect(await field(POSTED).evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

    await field(POSTED).blur();
    mkdirSync('test/artifacts', { recursive: true });
    await page.screenshot({ path: 'test/artifacts/browser-form-de.png', fullPage: true });
  });

  it('has no serious or critical axe-core violation in German, with the messages shown', async () => {
    await expectNoSeriousAxeViolation();
  });

  it('switches the page, its labels and its messages to English', async () => {
    await page.locator('#lang').selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Product order');
    expect(await named('Order type').getAttribute('data-path')).toBe('/category');
    expect(await named('Last name').getAttribute('data-path')).toBe(FAMILY_NAME);
    // labelsEn's values are written for the middle of a sentence; the form starts them with a capital
    expect(await field(PRODUCT).locator('option[value="HvtLocalLoopProduct"]').textContent()).toBe(
      'Local loop from the exchange (HVt)',
    );
    expect(await page.locator('button[data-remove]').allTextContents()).toEqual([
      'Remove contact detail 1',
      'Remove location 1',
    ]);
    for (const path of [FAMILY_NAME, COMPLETION, PLACES]) {
      const expected = await expectedAt(path, 'en');
      await expect.poll(() => shownAt(path)).toEqual(expected);
      expect(expected[0].message).not.toEqual((await expectedAt(path, 'de'))[0].message);
    }
    expect(await descriptionOf(FAMILY_NAME)).toEqual(['Last name (Technical contact) is required.']);
  });

  it('has no serious or critical axe-core violation in English', async () => {
    await expectNoSeriousAxeViolation();
  });

  it('shows a valid order as valid, its dates with the offset of German time', async () => {
    await page.locator('#lang').selectOption('de');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await field(POSTED).fill('2025-03-10T09:15:00');
    await field(COMPLETION).fill('2025-04-01T12:00:00');
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
      await field(`${characteristics}/${index}/name`).selectOption(String(name));
      await field(`${characteristics}/${index}/value`).fill(String(value));
    }
    await field(`${PLACES}/1/place/place/0/id`).fill('HVT-0221-12');

    await page.locator('#status[data-valid="true"]').waitFor();
    expect(await page.locator('output.errors span').count()).toBe(0);
    expect(await page.locator('[aria-invalid]').count()).toBe(0);
    expect(await page.locator('[aria-describedby^="error:"], fieldset.invalid').count()).toBe(0);
    const order = await orderShown();
    expect(order.orderPostedDate).toBe('2025-03-10T09:15:00+01:00');
    expect(order.requestedCompletionDate).toBe('2025-04-01T12:00:00+02:00');
    expect(api.validateProductOrder(order).valid).toBe(true);
    await page.screenshot({ path: 'test/artifacts/browser-form-valid.png', fullPage: true });
  });

  it('reads a date picker in German time: the skipped hour moves on, summer is +02:00, empty is absent', async () => {
    const posted = async () => (await orderShown()).orderPostedDate;
    // 02:30 on the last Sunday of March does not happen in Berlin: the clocks go from 02:00 to 03:00
    await field(POSTED).fill('2025-03-30T02:30');
    await expect.poll(posted).toBe('2025-03-30T03:30:00+02:00');
    await field(POSTED).fill('2025-07-15T08:00:00');
    await expect.poll(posted).toBe('2025-07-15T08:00:00+02:00');
    await field(POSTED).fill('');
    await expect.poll(posted).toBeUndefined();
    expect(await shownAt(POSTED)).toEqual([
      { rule: 'R-field', code: 'required', message: 'Auftragsdatum ist eine Pflichtangabe.' },
    ]);
    await field(POSTED).fill('2025-03-10T09:15:00');
    await page.locator('#status[data-valid="true"]').waitFor();
  });

  it('shows the rule of another product at the places list as the product changes, the places untouched', async () => {
    // the places fit an HVt local loop: locationA and locationB; a bitstream access line has locationA only
    await field(PRODUCT).selectOption('BitstreamAccessProduct');
    // at the field a form focuses for it: the first surplus place's role
    const surplus = `${PLACES}/1/role`;
    const shown = await shownAt(surplus);
    expect(shown).toEqual([
      {
        rule: 'R11',
        code: 'too_many_items',
        message: 'Für Bitstromzugang ist genau ein Standort nötig: Standort A.',
      },
    ]);
    expect(shown).toEqual(await expectedAt(surplus, 'de'));
    expect(await descriptionOf(surplus)).toEqual([shown[0].message]);
    await field(PRODUCT).selectOption('HvtLocalLoopProduct');
    await page.locator('#status[data-valid="true"]').waitFor();
    expect(await page.locator(`output[data-error-for="${PLACES}"] span`).count()).toBe(0);
    expect(await field(PLACES).getAttribute('aria-describedby')).toBeNull();
  });

  // regression: a list's own message (a row is missing) is no field, so "check" left the focus where it was
  it('focuses the control that adds a row after "check" when a list lacks one: the site’s characteristics', async () => {
    const characteristics = `${PLACES}/1/place/geographicSiteCharacteristic`;
    const remove = page.locator(`[data-path="${characteristics}"] button[data-remove]`);
    while ((await remove.count()) > 0) await remove.first().click();
    await page.locator('button[type="submit"]').click();
    const shown = await shownAt(characteristics);
    expect(shown).toEqual([
      {
        rule: 'R10',
        code: 'missing_characteristic',
        message: 'Merkmale des Standorts (Standort B): ONKz und ASB fehlen, bitte angeben.',
      },
    ]);
    expect(shown).toEqual(await expectedAt(characteristics, 'de'));
    const add = page.locator(`[data-path="${characteristics}"] > button[data-add]`);
    await expect.poll(() => add.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

    for (const [index, name, value] of [
      [0, 'national_destination_code', '221'],
      [1, 'local_exchange_area', '12'],
    ]) {
      await add.click();
      await field(`${characteristics}/${index}/name`).selectOption(String(name));
      await field(`${characteristics}/${index}/value`).fill(String(value));
    }
    await page.locator('#status[data-valid="true"]').waitFor();
  });

  it('keeps a message at its field, counted anew, when a row above it is removed', async () => {
    const contacts = `${PARTY}/contactMedium`;
    await page.locator(`[data-path="${contacts}"] > button[data-add="phone"]`).click();
    await field(`${contacts}/1/phoneNumber`).fill('0'.repeat(31));
    expect(await shownAt(`${contacts}/1/phoneNumber`)).toMatchObject([
      { message: 'Telefonnummer (Kontakt 2) darf höchstens 30 Zeichen lang sein.' },
    ]);
    await page.locator(`[data-path="${contacts}/0"] > button[data-remove]`).click();
    const shown = await shownAt(PHONE);
    expect(shown).toEqual([
      {
        rule: 'R-contact',
        code: 'too_long',
        message: 'Telefonnummer (Kontakt 1) darf höchstens 30 Zeichen lang sein.',
      },
    ]);
    expect(shown).toEqual(await expectedAt(PHONE, 'de'));
    expect(await descriptionOf(PHONE)).toEqual([shown[0].message]);
    expect(await page.locator('button[data-remove]').allTextContents()).toContain('Kontakt 1 entfernen');
    await field(PHONE).fill('+49221123456');
    await page.locator('#status[data-valid="true"]').waitFor();
  });

  it('ran without a CSP violation or a script error, and the policy is in force', async () => {
    expect(await cspViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
    // a control: an inline script is blocked and reported, so the listener would have seen a violation
    expect(await tryInlineScript(watched)).toEqual({ violations: ['script-src-elem inline'], ran: false });
  });
});

describe('the browser bundle on hostile form values', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchChromium();
    watched = await watchedPage(browser);
    const { page } = watched;
    page.setDefaultTimeout(60_000);
    // a page of its own origin that loads the packed bundle as a module
    await page.route('http://bundle.test/**', (route) =>
      route.fulfill(
        route.request().url().endsWith('/browser.js')
          ? { contentType: 'text/javascript', body: readFileSync(bundle, 'utf8') }
          : {
              contentType: 'text/html',
              body: '<!doctype html><script type="module">import * as api from "./browser.js"; window.api = api;</script>',
            },
      ),
    );
    await page.goto('http://bundle.test/');
    await page.waitForFunction('window.api !== undefined');
  });

  afterAll(async () => {
    await browser?.close();
  });

  // regression: emptyAsMissing never returned on c.a = c; c.b = c, and took 2^n steps on n levels of
  // shared references: the tab froze. A cycle is no JSON: wrong_type at each reference back
  it('answers emptyAsMissing on a cycle and on 2^30 paths of shared references, in reads linear in their objects, and the page goes on', async () => {
    const { page, pageErrors } = watched;
    const result = await page.evaluate<{ cycle: unknown; shared: unknown; reads: number[] }>(`(() => {
      const schema = window.api.createProductOrderSchema({ emptyAsMissing: true })['~standard'];
      const reads = [0, 0];
      // each object behind a Proxy that counts every read of it, shared objects sharing one Proxy
      const counting = (value, at) => {
        const proxies = new WeakMap();
        const wrap = (node) => {
          if (typeof node !== 'object' || node === null) return node;
          if (!proxies.has(node))
            proxies.set(node, new Proxy(node, {
              get: (t, k, r) => { reads[at]++; return wrap(Reflect.get(t, k, r)); },
              has: (t, k) => { reads[at]++; return Reflect.has(t, k); },
              ownKeys: (t) => { reads[at]++; return Reflect.ownKeys(t); },
              getOwnPropertyDescriptor: (t, k) => { reads[at]++; return Reflect.getOwnPropertyDescriptor(t, k); },
            }));
          return proxies.get(node);
        };
        return wrap(value);
      };
      const cycle = { category: ' ' };
      cycle.a = cycle;
      cycle.b = cycle;
      let shared = { description: '' };
      for (let i = 0; i < 30; i++) shared = { a: shared, b: shared };
      // a reference back to an ancestor is no JSON: wrong_type at it, with what was found
      const codes = (r) => (r.issues ?? []).map((i) =>
        i.code === 'wrong_type' ? [i.code, i.params.found, ...i.path.map((p) => p.key ?? p)].join(' ') : i.code
      ).sort().join();
      return {
        cycle: codes(schema.validate(counting(cycle, 0))),
        shared: codes(schema.validate(counting(shared, 1))),
        reads,
      };
    })()`);
    expect(result.cycle).toBe('required,required,required,required,required,wrong_type cycle a,wrong_type cycle b');
    expect(result.shared).toBe('required,required,required,required,required');
    const [cycleReads, sharedReads] = result.reads;
    expect(cycleReads).toBeLessThanOrEqual(50);
    expect(sharedReads).toBeLessThanOrEqual(20 * 31);
    // the page runs its next frame and answers
    expect(await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(1 + 1)))')).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
