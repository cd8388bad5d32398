// The packed package in a React 19 page with react-hook-form and @hookform/resolvers' Standard Schema
// resolver, as a carrier's web form uses it, in real Chromium under a strict Content-Security-Policy:
// labelled messages at the fields, empty inputs as missing, date pickers read in Europe/Berlin and
// filled from the order through toLocalDateTime, a half-typed date said as incomplete, a cross-field
// rule re-run when the product changes, contact rows added and removed through useFieldArray, focus on
// the first invalid field after submit (a list rule's too), and a submitted order that validates.
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

const consumer = inject('consumer');

let served: ServedPage;
let listsPage: ServedPage;
let url: string;
let inputs: readonly string[];
let browser: Browser;
let api: Awaited<ReturnType<typeof importEsm>>;

beforeAll(async () => {
  api = await importEsm();
  served = await servePage(resolve('test/react-form/app.jsx'), consumer, 'Auftrag');
  ({ url, inputs } = served);
  listsPage = await servePage(resolve('test/react-form/lists.jsx'), consumer, 'Auftrag');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  served?.close();
  listsPage?.close();
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
  const form = formPage(
    () => browser,
    () => `${url}?lang=${want.lang}`,
  );

  /** The control with this visible label; the first contact's, for a field of the contacts. */
  const field = (label: string) =>
    [want.label.familyName, want.label.phone].includes(label as never)
      ? form.page.getByTestId('party-0').getByLabel(label, { exact: true })
      : form.page.getByLabel(label, { exact: true });

  /** The text of what the control's aria-describedby names, once it is `expected`. */
  const expectMessage = (label: string, expected: string) => expectDescribed(field(label), expected);

  const values = async () => JSON.parse((await form.page.getByTestId('values').textContent()) ?? '');

  it('shows a too long phone number at the phone field, in the form’s words, linked to it', async () => {
    await field(want.label.phone).fill('0'.repeat(31));
    await expectMessage(want.label.phone, want.phone);
    expect(await field(want.label.phone).getAttribute('aria-invalid')).toBe('true');
    // the message is the field's own: the others stay quiet
    expect(await form.page.getByTestId('party-0-family-name-error').textContent()).toBe('');

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
    const places = form.page.getByTestId('places');
    await field(want.label.type).selectOption({ label: want.product.bitstream });
    await expect.poll(() => form.page.getByTestId('places-error').textContent()).toBe(want.places);
    expect(await places.getAttribute('aria-invalid')).toBe('true');
    expect(await places.getAttribute('aria-describedby')).toBe('places-error');
    const order = await values();
    expect(order.productOrderItem[0].product['@type']).toBe('BitstreamAccessProduct');
    expect(order.productOrderItem[0].product.relatedPlace).toHaveLength(2);

    await field(want.label.type).selectOption({ label: want.product.hvt });
    await expect.poll(() => form.page.getByTestId('places-error').textContent()).toBe('');
    expect(await places.getAttribute('aria-invalid')).toBeNull();
  });

  it('submits a valid order that the package accepts, and holds back an invalid one', async () => {
    await field(want.label.familyName).fill('');
    await form.page.getByTestId('submit').click();
    await expectMessage(want.label.familyName, want.familyName);
    expect(await form.page.getByTestId('submitted').textContent()).toBe('');

    await field(want.label.familyName).fill('Schmidt');
    await field(want.label.phone).fill('+49221123456');
    await field(want.label.date).fill('2025-04-01T12:00');
    await form.page.getByTestId('submit').click();
    await expect.poll(() => form.page.getByTestId('submitted').textContent()).not.toBe('');
    const order = JSON.parse((await form.page.getByTestId('submitted').textContent()) ?? '');
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
    await expectNoSevereAxeFinding(form.page);
  });

  it('ran without a script error or a CSP violation, and the policy is in force', async () => {
    expect(await form.cspViolations()).toEqual([]);
    expect(form.pageErrors).toEqual([]);
    // a control: an inline script is blocked and reported, so the listener would have seen a violation
    expect(await tryInlineScript(form)).toEqual({ violations: ['script-src-elem inline'], ran: false });
    expect(await form.page.locator('html').getAttribute('lang')).toBe(want.lang);
  });
});

describe('the React form in German: contact rows, focus after submit, dates in the pickers', () => {
  const form = formPage(
    () => browser,
    () => `${url}?lang=de`,
  );

  const byId = (id: string) => form.page.getByTestId(id);
  const focused = () => form.page.evaluate<string>('document.activeElement?.id ?? ""');
  const submitted = async () => JSON.parse((await byId('submitted').textContent()) || 'null');

  /** The packed package's issues for the form's current values. */
  async function packageIssues() {
    const values = JSON.parse((await byId('values').textContent()) ?? '');
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    return (await schema['~standard'].validate(values)).issues ?? [];
  }

  /** The packed package's issue of `rule` for the form's current values. */
  const packageIssue = async (rule: string) =>
    (await packageIssues()).find((issue) => (issue as { rule?: string }).rule === rule);

  /** The message the packed package gives at `path` for the form's current values. */
  async function packageMessage(path: readonly (string | number)[]): Promise<string | undefined> {
    const key = (p: readonly unknown[]) =>
      JSON.stringify(p.map((s) => (typeof s === 'object' ? (s as { key: unknown }).key : s)));
    return (await packageIssues()).find((issue) => key(issue.path ?? []) === key(path))?.message;
  }

  it('adds a contact row from blankRelatedParty, shows its messages at its fields, focuses it, and removes it', async () => {
    await byId('party-add').click();
    await expect.poll(() => byId('party-2').getByLabel('Nachname', { exact: true }).inputValue()).toBe('');
    expect(await byId('party-2-role').inputValue()).toBe('');
    await byId('submit').click();
    const role = await packageMessage(['relatedParty', 2, 'role']);
    const familyName = await packageMessage(['relatedParty', 2, 'partyOrPartyRole', 'familyName']);
    expect(role).toMatch(/^Rolle \(.+\) ist eine Pflichtangabe\.$/);
    expect(familyName).toMatch(/^Nachname \(.+\) ist eine Pflichtangabe\.$/);
    await expectDescribed(byId('party-2-role'), role ?? '');
    await expectDescribed(byId('party-2-family-name'), familyName ?? '');
    // the first invalid field in page order has the focus, not the button just pressed
    await expect.poll(focused).toBe('party-2-role');
    expect(await submitted()).toBeNull();

    await byId('party-2-remove').click();
    await expect.poll(() => byId('party-2').count()).toBe(0);
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
    const order = await submitted();
    expect(order.relatedParty.map((party: { role: string }) => party.role)).toEqual([
      'technicalContact',
      'locationAContact',
    ]);
    expect(api.validateProductOrder(order).violations).toEqual([]);
  });

  it('focuses the first invalid field after submit, a list rule’s too: R3 at the contact media’s control that adds a row', async () => {
    // the technical contact loses its phone: R3 concerns the contact media, a list
    await byId('party-0-phone-0-remove').click();
    await byId('party-1-family-name').fill('');
    await byId('submit').click();
    const r3 = await packageIssue('R3');
    expect(r3?.message).toMatch(/Telefonnummer/);
    // shown at the list, and tied to it
    await expectDescribed(byId('party-0-media'), r3?.message ?? '');
    // focus lands on the list's control that adds a row, not on the e-mail address's kind, which is
    // right, nor on the submit button
    await expect
      .poll(() => form.page.evaluate<string>('document.activeElement?.dataset.testid ?? ""'))
      .toBe('party-0-add-phone');

    await byId('party-0-add-phone').click();
    await byId('party-0-phone-1-type').selectOption('fixed');
    await byId('party-0-phone-1').fill('+49221123456');
    await expectDescribed(byId('party-0-media'), '');
    await byId('submit').click();
    await expect.poll(focused).toBe('party-1-family-name');
    expect(await submitted()).toBeNull();

    await byId('party-1-family-name').fill('Klammer');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
    expect(api.validateProductOrder(await submitted()).violations).toEqual([]);
  });

  it('shows the order’s dates in the pickers through toLocalDateTime, and submits them unchanged', async () => {
    // 2025-03-10T09:15:00+01:00 and 2025-04-01T12:00:00+02:00, as the clerk in Berlin reads them
    expect(await byId('posted').inputValue()).toMatch(/^2025-03-10T09:15(:00)?$/);
    expect(await byId('date').inputValue()).toMatch(/^2025-04-01T12:00(:00)?$/);
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
    expect(await submitted()).toMatchObject({
      orderPostedDate: '2025-03-10T09:15:00+01:00',
      requestedCompletionDate: '2025-04-01T12:00:00+02:00',
    });
  });

  // regression: the recipe said a hard-coded "unvollständiges Datum" of 31 April, not the labels' words
  it('says a half-typed date is no valid date in the labels’ words, not a missing one (validity.badInput)', async () => {
    const incomplete = 'Gewünschter Fertigstellungstermin: bitte ein gültiges Datum mit Uhrzeit angeben.';
    // a segment cleared: the picker's value is '', as for an empty one, but validity.badInput holds
    await byId('date').focus();
    await form.page.keyboard.press('Backspace');
    expect(
      await form.page.evaluate(
        '[document.getElementById("date").value, document.getElementById("date").validity.badInput]',
      ),
    ).toEqual(['', true]);
    await expectDescribed(byId('date'), incomplete);
    await byId('submit').click();
    await expect.poll(focused).toBe('date');
    await expectDescribed(byId('date'), incomplete);
    expect(await submitted()).toBeNull();

    // typed into an empty picker, which sends no input event: caught on submit
    await byId('date').fill('2025-04-01T12:00');
    await byId('date').fill('');
    await expectDescribed(byId('date'), 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.');
    await byId('date').focus();
    await form.page.keyboard.type('17');
    await byId('submit').click();
    await expectDescribed(byId('date'), incomplete);

    await byId('date').fill('2025-04-01T12:00');
    await expectDescribed(byId('date'), '');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
  });

  it('has no serious or critical accessibility finding with rows and list messages shown, and no CSP violation', async () => {
    await byId('party-add').click();
    await byId('party-0-phone-0-remove').click();
    await byId('submit').click();
    await expect.poll(() => byId('party-0').locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expectNoSevereAxeFinding(form.page);
    expect(await form.cspViolations()).toEqual([]);
    expect(form.pageErrors).toEqual([]);
  });
});

describe.each([
  ['react-hook-form’s own shouldFocusError', 'rhf'],
  ['the recipe of docs/forms.md', 'recipe'],
])('the React form in German with a list emptied, focus by %s', (_, focus) => {
  const form = formPage(
    () => browser,
    () => listsPage.url,
  );
  const { byId, focused, issuesOf } = listsPageKit(form, () => api);

  // regression: a list rule on an empty list gave its issue at the key field of a row that does not
  // exist, so the form showed nothing and react-hook-form's focus stayed on the submit button
  it.each(listCases)(
    '$rule on an empty list ($id): the message at the list, the focus on its control that adds a row',
    async (c) => {
      await form.page.goto(`${listsPage.url}?case=${c.id}&focus=${focus}`);
      await byId('form').waitFor();
      await expectMissingRowAtList(form, issuesOf, c);
    },
  );

  it('focuses a blank row’s field, not the list’s control that adds a row, once the list has its row', async () => {
    const list = 'productOrderItem-0-product-relatedPlace-1-place-geographicSiteCharacteristic';
    await form.page.goto(`${listsPage.url}?case=r10-characteristics&focus=${focus}`);
    await byId(`${list}-add`).click();
    await byId('submit').click();
    await expect.poll(focused).toBe(`${list}-0-name`);
    await expectDescribed(byId(`${list}-0-name`), 'Name des Merkmals (Merkmal 1) ist eine Pflichtangabe.');
    await expectDescribed(byId(list), '');
    expect(await byId('submitted').textContent()).toBe('');
  });

  it('has no axe-core finding with a list’s message shown', async () => {
    await form.page.goto(`${listsPage.url}?case=r10-characteristics&focus=${focus}`);
    await byId('submit').click();
    await expect.poll(focused).not.toBe('submit');
    await expectNoAxeFinding(form.page);
  });
});
