// What a form builds from the package beyond the schema, in a React 19 page with react-hook-form from
// the packed package, in German, in Chromium under script-src 'self': selects and input limits from
// the field facts (fieldFactsDe, describeField), the carrier's own rule through the schema's `rules`
// and `messages` shown at its field, a near-miss hint as a note that does not block the order
// (schema.hints), and focus after submit on the field a list rule's params.focus names.
// Needs the form layer's rules, messages and hints, the field facts and params.focus.
import { resolve } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectDescribed,
  expectNoSevereAxeFinding,
  formPage,
  launchChromium,
  type ServedPage,
  servePage,
} from './chromium.js';
import { importEsm } from './consumer.js';

const consumer = inject('consumer');

// biome-ignore lint/suspicious/noExplicitAny: the API of items 1 and 3, which this branch's types do not have yet
let api: any;
let served: ServedPage;
let browser: Browser;

beforeAll(async () => {
  api = await importEsm();
  served = await servePage(resolve('test/form-features/app.jsx'), consumer, 'Auftrag');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  served?.close();
});

describe('a German order form built from the field facts, with the carrier’s rule, hints and focus', () => {
  const form = formPage(
    () => browser,
    () => served.url,
  );

  const byId = (id: string) => form.page.getByTestId(id);
  const focused = () => form.page.evaluate<string>('document.activeElement?.id ?? ""');
  const values = async () => JSON.parse((await byId('values').textContent()) ?? '');
  const submitted = async () => JSON.parse((await byId('submitted').textContent()) || 'null');
  /** The value and label of each option of a select but the "please choose" one. */
  const options = (select: Locator): Promise<{ value: string; label: string }[]> =>
    select.evaluate((node) =>
      [...node.querySelectorAll('option')]
        .filter((option) => option.value !== '')
        .map((option) => ({ value: option.value, label: option.label })),
    );
  const fact = (pointer: string, order?: unknown) => api.describeField(api.fieldFactsDe, pointer, order);
  const pairs = (list: { value: string; label: string }[] | undefined) =>
    (list ?? []).map(({ value, label }) => ({ value, label }));

  it('builds the selects’ options and the inputs’ labels and maxLength from fieldFactsDe', async () => {
    const role = fact('/relatedParty/0/role');
    expect(role?.options?.length).toBeGreaterThan(5);
    expect(await options(byId('role-0'))).toEqual(pairs(role.options));
    expect(await form.page.locator('label[for="role-0"]').textContent()).toBe(role.label);
    const kind = fact('/relatedParty/0/partyOrPartyRole/contactMedium/0/@type', await values());
    expect(await options(byId('medium-0-type'))).toEqual(pairs(kind.options));

    const phone = fact('/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber', await values());
    expect(phone.maxLength).toBe(30);
    expect(await byId('medium-0-phone').getAttribute('maxlength')).toBe('30');
    await byId('medium-0-phone').fill('');
    await byId('medium-0-phone').pressSequentially('0'.repeat(35));
    expect(await byId('medium-0-phone').inputValue()).toHaveLength(30);
    // the product's type is open: a combo box of the known types
    const product = fact('/productOrderItem/0/product/@type');
    expect(product.open).toBe(true);
    expect(await options(form.page.locator('#product-types'))).toEqual(pairs(product.options));
  });

  it('shows the carrier’s five-digit postcode rule at the postcode field, through the schema’s rules', async () => {
    await byId('postcode').fill('508230');
    await expectDescribed(byId('postcode'), 'Eine Postleitzahl hat fünf Ziffern.');
    expect(await byId('postcode').getAttribute('aria-invalid')).toBe('true');
    await byId('submit').click();
    await expect.poll(focused).toBe('postcode');
    expect(await submitted()).toBeNull();
    await byId('postcode').fill('50823');
    await expectDescribed(byId('postcode'), '');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
  });

  it('shows a near miss as a note beside its field, which does not hold the order back', async () => {
    await byId('product').fill('HvtLocalLoopProdukt');
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    const notes = schema.hints(await values());
    const note = notes.find((n: { path: unknown[] }) => n.path.join('.') === 'productOrderItem.0.product.@type');
    expect(note).toMatchObject({ code: 'did_you_mean', params: { suggestion: 'HvtLocalLoopProduct' } });
    await expect.poll(() => byId('product-note').textContent()).toBe(note.message);
    await expectDescribed(byId('product'), '');
    await byId('submit').click();
    await expect.poll(submitted).not.toBeNull();
    expect((await submitted()).productOrderItem[0].product['@type']).toBe('HvtLocalLoopProdukt');
  });

  // regression: R3's focus was the kind of the e-mail address the contact rightly has
  it('focuses the list’s control that adds a row after submit when a row is missing: R3 without a phone', async () => {
    // the technical contact keeps only its e-mail address: R3 wants a phone
    await byId('medium-0-remove').click();
    await byId('submit').click();
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    const issue = ((await schema['~standard'].validate(await values())).issues ?? []).find(
      (i: { rule?: string }) => i.rule === 'R3',
    );
    expect(issue.params.focus).toBe('/relatedParty/0/partyOrPartyRole/contactMedium/-');
    expect(issue.path).toEqual(['relatedParty', 0, 'partyOrPartyRole', 'contactMedium']);
    // at the list, not at the e-mail address's kind
    await expectDescribed(byId('media'), issue.message);
    await expectDescribed(byId('medium-0-type'), '');
    // react-hook-form's own focus, on the control registered at the list's name: not the submit button
    await expect
      .poll(() => form.page.evaluate<string>('document.activeElement?.dataset.testid ?? ""'))
      .toBe('medium-add');
    expect(await submitted()).toBeNull();
  });

  it('has no serious or critical accessibility finding, and ran without a CSP violation', async () => {
    await byId('postcode').fill('508230');
    await byId('product').fill('HvtLocalLoopProdukt');
    await expect.poll(() => byId('product-note').textContent()).not.toBe('');
    await expectNoSevereAxeFinding(form.page);
    expect(await form.cspViolations()).toEqual([]);
    expect(form.pageErrors).toEqual([]);
  });
});
