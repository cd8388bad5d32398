// The packed package in a React 19 page with TanStack Form (@tanstack/react-form), as a carrier's web
// form uses it, in German, in real Chromium under a strict Content-Security-Policy: the schema as the
// form's Standard Schema validator on change and on submit, its messages at their fields, the contacts
// as an array field typed on ProductOrderFormValues, and a submitted order that validates. The page
// type-checks against the packed package's declarations, so its field names are the order's paths.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectDescribed,
  expectMissingRowAtList,
  expectNoAxeFinding,
  expectNoSevereAxeFinding,
  formPage,
  launchChromium,
  listsPageKit,
  type ServedPage,
  servePage,
  tryInlineScript,
} from './chromium.js';
import { importEsm } from './consumer.js';
import { listCases } from './list-cases.js';
import { typeCheck } from './type-check.js';

const consumer = inject('consumer');
const entry = resolve('test/tanstack-form/app.tsx');
const example = 'examples/orders/valid/new-hvt-local-loop.json';

let served: ServedPage;
let listsPage: ServedPage;
let browser: Browser;
let api: Awaited<ReturnType<typeof importEsm>>;

beforeAll(async () => {
  api = await importEsm();
  served = await servePage(entry, consumer, 'Auftrag');
  listsPage = await servePage(resolve('test/tanstack-form/lists.jsx'), consumer, 'Auftrag');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  served?.close();
  listsPage?.close();
});

it('bundles the page with the packed package and TanStack Form, as a bundler resolving for browsers picks them', () => {
  const home = join(consumer, 'node_modules/product-order-validator/');
  const packed = served.inputs.filter((input) => input.includes('product-order-validator'));
  expect(packed.map((input) => relative(home, input))).toEqual(['dist/browser.js']);
  expect(served.inputs.some((input) => input.includes('@tanstack/react-form'))).toBe(true);
  expect(
    served.inputs.filter((input) => input.startsWith(resolve('src')) || input.startsWith(resolve('dist'))),
  ).toEqual([]);
});

it('type-checks against the packed package under strict: the field names are the order’s paths', () => {
  // the page and the order it imports, beside the installed package, as in an application
  const folder = join(consumer, 'tanstack-types');
  mkdirSync(join(folder, 'test/tanstack-form'), { recursive: true });
  mkdirSync(join(folder, 'examples/orders/valid'), { recursive: true });
  copyFileSync(entry, join(folder, 'test/tanstack-form/app.tsx'));
  copyFileSync(example, join(folder, example));
  // the repository has no @types/react-dom: the one function the page calls
  writeFileSync(
    join(folder, 'react-dom.d.ts'),
    "declare module 'react-dom/client' {\n  export function createRoot(root: Element): { render(node: unknown): void };\n}\n",
  );
  // a control beside it, in the same run: a misspelt path is refused
  writeFileSync(
    join(folder, 'test/tanstack-form/typo.tsx'),
    "import { useForm } from '@tanstack/react-form';\n" +
      "import { blankProductOrder } from 'product-order-validator';\n" +
      'export function Typo() {\n' +
      '  const form = useForm({ defaultValues: blankProductOrder() });\n' +
      '  return <form.Field name="relatedParty[0].rolee">{() => null}</form.Field>;\n' +
      '}\n',
  );
  const files = ['test/tanstack-form/app.tsx', 'test/tanstack-form/typo.tsx', 'react-dom.d.ts'];
  const said = typeCheck(folder, { resolution: 'Bundler', jsx: true, types: [], files });
  // every error is the control's: the page itself compiles
  const errors = said.split('\n').filter((line) => /error TS\d+/.test(line));
  expect(errors.length, said).toBeGreaterThan(0);
  expect(
    errors.filter((line) => !line.startsWith('test/tanstack-form/typo.tsx(5,')),
    said,
  ).toEqual([]);
  expect(errors[0]).toMatch(/TS2322/);
});

describe('the TanStack form in German', () => {
  const form = formPage(
    () => browser,
    () => served.url,
  );

  const byId = (id: string) => form.page.getByTestId(id);
  const submitted = async () => JSON.parse((await byId('submitted').textContent()) || 'null');

  /** The packed package's message at `path` (keys joined by dots) for the form's current values. */
  async function packageMessage(path: string): Promise<string | undefined> {
    const values = JSON.parse((await byId('values').textContent()) ?? '');
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    const issues = (await schema['~standard'].validate(values)).issues ?? [];
    return issues.find((issue) => issue.path?.join('.') === path)?.message;
  }

  it('shows the schema’s German messages at their fields as the clerk types, and nowhere else', async () => {
    const phone = 'relatedParty.0.partyOrPartyRole.contactMedium.0.phoneNumber';
    await byId('phone').fill('0'.repeat(31));
    const tooLong = await packageMessage(phone);
    expect(tooLong).toMatch(/^Telefonnummer \(.+\) darf höchstens 30 Zeichen lang sein\.$/);
    await expectDescribed(byId('phone'), tooLong ?? '');
    expect(await byId('phone').getAttribute('aria-invalid')).toBe('true');
    expect(await byId('party-0-family-name-error').textContent()).toBe('');

    await byId('party-0-family-name').fill('');
    const missing = await packageMessage('relatedParty.0.partyOrPartyRole.familyName');
    expect(missing).toMatch(/^Nachname \(.+\) ist eine Pflichtangabe\.$/);
    await expectDescribed(byId('party-0-family-name'), missing ?? '');
    await byId('date').fill('');
    await expectDescribed(byId('date'), 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.');

    await byId('phone').fill('+49221123456');
    await byId('party-0-family-name').fill('Muster');
    await byId('date').fill('2025-02-17T10:30');
    for (const id of ['phone', 'party-0-family-name', 'date']) {
      await expectDescribed(byId(id), '');
      expect(await byId(id).getAttribute('aria-invalid')).toBeNull();
    }
  });

  // regression: the recipe's field validator left "ist eine Pflichtangabe" on the first submit, since
  // TanStack Form's first refused submit runs no validator and an empty picker sends no change while
  // the clerk types 31.04.2025 into it
  it.each([
    ['clicks submit', 'submit'],
    ['presses Enter in the picker', 'enter'],
  ])('says a date the picker cannot read is no valid date on the first submit when the clerk %s', async (_, how) => {
    await byId('party-0-family-name').fill('');
    await byId('date').fill('');
    await expectDescribed(byId('date'), 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.');
    await byId('date').focus();
    await form.page.keyboard.type('04312025');
    expect(
      await form.page.evaluate(
        '[document.getElementById("date").value, document.getElementById("date").validity.badInput]',
      ),
    ).toEqual(['', true]);
    if (how === 'enter') await form.page.keyboard.press('Enter');
    else await byId('submit').click();
    await expectDescribed(
      byId('date'),
      'Gewünschter Fertigstellungstermin: bitte ein gültiges Datum mit Uhrzeit angeben.',
    );
    expect(await byId('date').getAttribute('aria-invalid')).toBe('true');
    expect(await submitted()).toBeNull();

    await byId('date').fill('2025-04-01T12:00');
    await byId('party-0-family-name').fill('Muster');
    await expectDescribed(byId('date'), '');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
  });

  // regression: the docs had no recipe for a root issue, which TanStack Form holds in
  // form.state.errors as { '': [issue] }, so a failed carrier rule showed nowhere
  it('shows a carrier rule that failed in the error summary, in the clerk’s words, and holds the order back', async () => {
    await byId('phone').fill('+4930999999');
    await byId('submit').click();
    await expect
      .poll(() => byId('summary').textContent())
      .toBe('Diese Angaben konnten nicht vollständig geprüft werden. Bitte später erneut versuchen.');
    expect(await submitted()).toBeNull();
    await byId('phone').fill('+49221123456');
    await expect.poll(() => byId('summary').textContent()).toBe('');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
  });

  it('adds a contact row through the array field, holds the order back while the row is blank, and removes it', async () => {
    await byId('party-add').click();
    await expect.poll(() => byId('party-2-family-name').inputValue()).toBe('');
    await byId('submit').click();
    // the row's fields get the package's own messages
    expect(await packageMessage('relatedParty.2.role')).toMatch(/^Rolle \(.+\) ist eine Pflichtangabe\.$/);
    await expectDescribed(byId('party-2-role'), (await packageMessage('relatedParty.2.role')) ?? '');
    await expectDescribed(
      byId('party-2-family-name'),
      (await packageMessage('relatedParty.2.partyOrPartyRole.familyName')) ?? '',
    );
    await expectDescribed(
      byId('party-2-salutation'),
      (await packageMessage('relatedParty.2.partyOrPartyRole.salutation')) ?? '',
    );
    expect(await submitted()).toBeNull();

    await byId('party-2-role').selectOption({ label: 'Ansprechpartner an Standort A' });
    await byId('party-2-salutation').selectOption('Herr');
    await byId('party-2-family-name').fill('Berger');
    await expectDescribed(byId('party-2-role'), '');
    await byId('party-1-remove').click();
    await expect.poll(() => byId('party-2').count()).toBe(0);
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
    const order = await submitted();
    expect(order.relatedParty.map((party: { role: string }) => party.role)).toEqual([
      'technicalContact',
      'locationAContact',
    ]);
    // the blank's empty given name is left out of the order; its list of contact media stays, empty
    expect(order.relatedParty[1].partyOrPartyRole).toEqual({
      '@type': 'Individual',
      salutation: 'Herr',
      familyName: 'Berger',
      contactMedium: [],
    });
    expect(order.requestedCompletionDate).toBe('2025-04-01T12:00:00+02:00');
    expect(api.validateProductOrder(order).violations).toEqual([]);
  });

  it('has no serious or critical accessibility finding with its messages shown', async () => {
    await byId('phone').fill('0'.repeat(31));
    await byId('party-add').click();
    await byId('submit').click();
    await expect.poll(() => byId('party-2-role-error').textContent()).not.toBe('');
    await expectNoSevereAxeFinding(form.page);
  });

  it('ran without a script error or a CSP violation, and the policy is in force', async () => {
    expect(await form.cspViolations()).toEqual([]);
    expect(form.pageErrors).toEqual([]);
    expect(await tryInlineScript(form)).toEqual({ violations: ['script-src-elem inline'], ran: false });
    expect(await form.page.locator('html').getAttribute('lang')).toBe('de');
  });
});

describe('the TanStack form in German with a list emptied', () => {
  const form = formPage(
    () => browser,
    () => listsPage.url,
  );
  const { byId, focused, issuesOf } = listsPageKit(form, () => api);

  // regression: a list rule on an empty list gave its issue at the key field of a row that does not
  // exist, so the form showed nothing and the focus stayed on the submit button
  it.each(listCases)(
    '$rule on an empty list ($id): the message at the list, the focus on its control that adds a row',
    async (c) => {
      await form.page.goto(`${listsPage.url}?case=${c.id}`);
      await byId('form').waitFor();
      await expectMissingRowAtList(form, issuesOf, c);
    },
  );

  it('takes the message away once the clerk adds the row, and focuses the blank row’s field on submit', async () => {
    const list = 'productOrderItem-0-product-relatedPlace-1-place-geographicSiteCharacteristic';
    await form.page.goto(`${listsPage.url}?case=r10-characteristics`);
    await byId('submit').click();
    await expect.poll(focused).toBe(`${list}-add`);
    await byId(`${list}-add`).click();
    await byId('submit').click();
    await expect.poll(focused).toBe(`${list}-0-name`);
    await expectDescribed(byId(`${list}-0-name`), 'Name des Merkmals (Merkmal 1) ist eine Pflichtangabe.');
    await expectDescribed(byId(list), '');
  });

  it('has no axe-core finding with a list’s message shown', async () => {
    await form.page.goto(`${listsPage.url}?case=r10-characteristics`);
    await byId('submit').click();
    await expect.poll(focused).not.toBe('submit');
    await expectNoAxeFinding(form.page);
  });
});
