// Real consumers of the Standard Schema interface: TanStack Form (framework-free core), and
// react-hook-form's standardSchemaResolver and form control, validate an order through the packed
// package and put each issue on the field it concerns.
import { readFileSync } from 'node:fs';
import { FieldApi, FormApi } from '@tanstack/form-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { importEsm } from './consumer.js';

type Api = Awaited<ReturnType<typeof importEsm>>;
/** react-hook-form's resolver, loaded untyped: its types bring React's DOM typings into the other tests' compilation. */
type Resolver = (
  schema: unknown,
) => (values: unknown, context: unknown, options: object) => Promise<{ values: Order; errors: Order }>;
const resolvers = '@hookform/resolvers/standard-schema';
let standardSchemaResolver: Resolver;
// biome-ignore lint/suspicious/noExplicitAny: orders are edited freely here
type Order = any;

let api: Api;
beforeAll(async () => {
  api = await importEsm();
  ({ standardSchemaResolver } = await import(resolvers));
});

const valid = (): Order => JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));

const PARTY = 'relatedParty[0].partyOrPartyRole';
const PHONE = `${PARTY}.contactMedium[0].phoneNumber`;
const FAMILY_NAME = `${PARTY}.familyName`;
const DATE = 'orderPostedDate';
const ROOM = 'productOrderItem[0].product.relatedPlace[1].place.geographicSiteCharacteristic[0].value';

/** A mounted form validated on change by `schema`, with a mounted field for each name. */
function formOf(schema: unknown, names: readonly string[], values: Order = valid()) {
  // biome-ignore lint/suspicious/noExplicitAny: the order type is not the form's concern here
  const form = new FormApi<Order, any, any, any, any, any, any, any, any, any, any, any>({
    defaultValues: values,
    validators: { onChange: schema as never },
  });
  form.mount();
  const fields = Object.fromEntries(
    names.map((name) => {
      const field = new FieldApi({ form, name });
      field.mount();
      return [name, field];
    }),
  );
  /** The rule and code of each issue the form put on the field `name`. */
  const errors = (name: string) =>
    (fields[name].state.meta.errors as { rule: string; code: string }[]).map(({ rule, code }) => ({ rule, code }));
  return { form, fields, errors };
}

describe('TanStack Form with productOrderSchema', () => {
  it('puts each issue on its field as the user types, and nowhere else', () => {
    const { form, fields, errors } = formOf(api.productOrderSchema, [PHONE, FAMILY_NAME, DATE, 'description']);
    fields[PHONE].handleChange('0'.repeat(31));
    expect(errors(PHONE)).toEqual([{ rule: 'R-contact', code: 'too_long' }]);
    fields[FAMILY_NAME].handleChange(undefined);
    expect(errors(FAMILY_NAME)).toEqual([{ rule: 'R-party', code: 'required' }]);
    fields[DATE].handleChange('2025-03-10T09:15+01:00');
    expect(errors(DATE)).toEqual([{ rule: 'R-field', code: 'invalid_date_time' }]);
    expect(errors('description')).toEqual([]);
    expect(form.state.isValid).toBe(false);

    fields[PHONE].handleChange('+49221123456');
    fields[FAMILY_NAME].handleChange('Muster');
    fields[DATE].handleChange('2025-03-10T09:15:00+01:00');
    for (const name of [PHONE, FAMILY_NAME, DATE, 'description']) expect(errors(name)).toEqual([]);
    expect(form.state.isValid).toBe(true);
  });

  it('reaches fields deep in the order items: a characteristic value of R10', () => {
    const { fields, errors } = formOf(api.productOrderSchema, [ROOM]);
    fields[ROOM].handleChange('0221');
    expect(errors(ROOM)).toEqual([{ rule: 'R10', code: 'pattern_mismatch' }]);
  });

  it('shows the German messages of validateProductOrder with createProductOrderSchema({ lang: "de" })', () => {
    const { fields } = formOf(api.createProductOrderSchema({ lang: 'de' }), [PHONE]);
    fields[PHONE].handleChange('0'.repeat(31));
    const order = valid();
    order.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = '0'.repeat(31);
    const [violation] = api.validateProductOrder(order, { lang: 'de' }).violations;
    expect(fields[PHONE].state.meta.errors).toMatchObject([{ message: violation.message }]);
  });

  it('submits a valid order and holds back an invalid one, with the issues on its fields', async () => {
    const submitted: Order[] = [];
    const order = valid();
    order.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = '';
    const { form, errors } = formOf(api.productOrderSchema, [PHONE], order);
    form.update({ ...form.options, onSubmit: ({ value }) => void submitted.push(value) });
    await form.handleSubmit();
    expect(submitted).toEqual([]);
    expect(errors(PHONE)).toEqual([{ rule: 'R-contact', code: 'too_short' }]);

    form.setFieldValue(PHONE, '+49221123456');
    await form.handleSubmit();
    expect(submitted).toHaveLength(1);
  });
});

describe('TanStack Form and a rule across fields', () => {
  const TYPE = 'productOrderItem[0].product.@type';
  const PLACES = 'productOrderItem[0].product.relatedPlace';
  /** R11's count of places, at the field a form focuses: the first surplus place's role. */
  const SURPLUS = `${PLACES}[1].role`;

  it('re-runs R11 at the places when the product type changes, with the schema on the form', () => {
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    const { fields, errors } = formOf(schema, [TYPE, PLACES, SURPLUS]);
    fields[TYPE].handleChange('BitstreamAccessProduct');
    expect(errors(SURPLUS)).toEqual([{ rule: 'R11', code: 'too_many_items' }]);
    expect(errors(PLACES)).toEqual([]);
    expect((fields[SURPLUS].state.meta.errors as { message: string }[])[0]?.message).toBe(
      'Für Bitstromzugang ist genau ein Standort nötig: Standort A.',
    );
    fields[TYPE].handleChange('HvtLocalLoopProduct');
    expect(errors(SURPLUS)).toEqual([]);
  });

  it('re-runs it with the schema on the places field, listening to the product type', () => {
    const form = new FormApi({ defaultValues: valid() as Order });
    form.mount();
    const type = new FieldApi({ form, name: TYPE });
    type.mount();
    const schema = api.createProductOrderSchema({ labels: api.labelsEn });
    const onChange = ({ value }: { value: unknown }) => {
      const order = structuredClone(form.state.values);
      order.productOrderItem[0].product.relatedPlace = value;
      const issues = schema['~standard'].validate(order).issues ?? [];
      // R11's count is at the field a form focuses, the first surplus place's role
      return issues.find((issue) => issue.path.join('.').startsWith('productOrderItem.0.product.relatedPlace'))
        ?.message;
    };
    const places = new FieldApi({
      form,
      name: PLACES,
      validators: { onChangeListenTo: [TYPE], onChange },
    });
    places.mount();
    type.handleChange('BitstreamAccessProduct');
    expect(places.state.meta.errors).toEqual([
      'For bitstream access line, exactly one location is needed: location A.',
    ]);
    type.handleChange('HvtLocalLoopProduct');
    expect(places.state.meta.errors).toEqual([]);
  });
});

describe('TanStack Form fields validated by the part schemas', () => {
  /** A mounted field of a valid order validated on change by `schema`, and the issues it shows. */
  function fieldOf(name: string, schema: unknown) {
    const form = new FormApi({ defaultValues: valid() as Order });
    form.mount();
    const field = new FieldApi({ form, name, validators: { onChange: schema as never } });
    field.mount();
    const issues = () =>
      (field.state.meta.errors as unknown as { path: unknown[]; code: string }[]).map(({ path, code }) => ({
        path,
        code,
      }));
    return { field, issues };
  }

  it('relatedPartySchema checks one related party with its rules R3, R4 and R6', () => {
    const { field, issues } = fieldOf('relatedParty[0]', api.relatedPartySchema);
    field.handleChange({ ...valid().relatedParty[0], role: 'deliveryContact' });
    expect(issues()).toEqual([{ path: ['partyOrPartyRole', 'contactMedium'], code: 'missing_postal_contact' }]);
    field.handleChange(valid().relatedParty[0]);
    expect(issues()).toEqual([]);
  });

  it('contactMediumSchema checks one contact medium', () => {
    const { field, issues } = fieldOf(`${PARTY}.contactMedium[0]`, api.contactMediumSchema);
    field.handleChange({ '@type': 'PhoneContactMedium', contactType: 'fax', phoneNumber: '1' });
    expect(issues()).toEqual([{ path: ['contactType'], code: 'not_allowed' }]);
  });

  it('productOrderItemSchema checks one order item with R7 and R8', () => {
    const { field, issues } = fieldOf('productOrderItem[0]', api.productOrderItemSchema);
    const item = valid().productOrderItem[0];
    item.product.relatedPlace[0].role = 'locationC';
    field.handleChange(item);
    expect(issues()).toEqual([{ path: ['product', 'relatedPlace', 0, 'role'], code: 'not_allowed' }]);
  });
});

describe('TanStack Form started from the blanks of the packed package', () => {
  it('shows required at each field the clerk has not filled in, and accepts the order once they are', async () => {
    const order = api.blankProductOrder();
    order.relatedParty.push(api.blankRelatedParty('Individual'));
    order.productOrderItem.push(api.blankProductOrderItem());
    const schema = api.createProductOrderSchema({ labels: api.labelsDe, emptyAsMissing: true });
    const names = ['category', 'relatedParty[0].role', FAMILY_NAME, DATE];
    const { form, errors } = formOf(schema, names, order);
    const submitted: Order[] = [];
    form.update({ ...form.options, onSubmit: ({ value }) => void submitted.push(value) });
    await form.handleSubmit();
    expect(submitted).toEqual([]);
    for (const name of names) expect(errors(name), name).toEqual([{ rule: expect.any(String), code: 'required' }]);

    // the clerk fills in the fields, adding a phone with the contact-medium blank
    const filled = valid();
    for (const [name, value] of [
      ['category', filled.category],
      [DATE, filled.orderPostedDate],
      ['requestedCompletionDate', filled.requestedCompletionDate],
      ['relatedParty', filled.relatedParty],
      ['productOrderItem', filled.productOrderItem],
    ])
      form.setFieldValue(name, value);
    const phone = { ...api.blankContactMedium('PhoneContactMedium'), contactType: 'mobile', phoneNumber: '+49170123' };
    form.setFieldValue(`${PARTY}.contactMedium`, [phone]);
    await form.handleSubmit();
    expect(submitted).toHaveLength(1);
  });
});

describe("a carrier's rules and hints in the form libraries", () => {
  const MEDIA = `${PARTY}.contactMedium`;
  const POSTCODE = `${MEDIA}[2].postcode`;
  /** A carrier's rule: a German postcode has five digits, at each postal contact medium. */
  const postcode = {
    id: 'X-german-postcode',
    title: 'A postal address in Germany has a postcode of five digits.',
    check: (order: Order) =>
      (order?.relatedParty ?? []).flatMap((party: Order, i: number) =>
        (party?.partyOrPartyRole?.contactMedium ?? []).flatMap((medium: Order, j: number) =>
          typeof medium?.postcode === 'string' && !/^[0-9]{5}$/.test(medium.postcode)
            ? [
                {
                  rule: 'X-german-postcode',
                  code: 'postcode_not_german',
                  path: `/relatedParty/${i}/partyOrPartyRole/contactMedium/${j}/postcode`,
                  params: { digits: 5 },
                },
              ]
            : [],
        ),
      ),
  };
  const messages = { de: { postcode_not_german: () => 'Eine deutsche Postleitzahl hat 5 Ziffern.' } };
  const withPostal = (code: string): Order => {
    const order = valid();
    order.relatedParty[0].partyOrPartyRole.contactMedium.push({
      '@type': 'PostalAddressContactMedium',
      contactType: 'postal',
      streetName: 'Venloer Straße',
      streetNr: '241',
      postcode: code,
      city: 'Köln',
      country: '',
    });
    return order;
  };
  const schemaOf = (rules: unknown[] = [postcode]) =>
    api.createProductOrderSchema({ rules, messages, labels: api.labelsDe, emptyAsMissing: true } as never);
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it("react-hook-form: standardSchemaResolver puts a carrier rule's issue at its field name, in German", async () => {
    const resolve = standardSchemaResolver(schemaOf());
    const wrong = await resolve(withPostal('508230'), undefined, options);
    expect(wrong.values).toEqual({});
    expect(wrong.errors).toEqual({
      relatedParty: [
        {
          partyOrPartyRole: {
            contactMedium: [
              undefined,
              undefined,
              { postcode: { message: messages.de.postcode_not_german(), type: '' } },
            ],
          },
        },
      ],
    });
    const right = await resolve(withPostal('50823'), undefined, options);
    expect(right.errors).toEqual({});
    // the emptied country is left out of the values submitted
    expect(right.values.relatedParty[0].partyOrPartyRole.contactMedium[2]).not.toHaveProperty('country');
  });

  it("react-hook-form: a carrier rule that throws gives the error of the form root in the clerk's words, and the field errors stay", async () => {
    const hostile = { id: 'X-hostile', title: 'Async.', check: () => Promise.reject(new Error('carrier bug')) };
    const throwing = {
      id: 'X-throws',
      title: 'Throws.',
      check: () => {
        throw new Error('carrier bug');
      },
    };
    const resolve = standardSchemaResolver(schemaOf([postcode, throwing, hostile]));
    const { errors } = await resolve(withPostal('1'), undefined, options);
    // in the form's words, the rule and what it threw are for the logs (the issues' rule and params)
    expect(errors.root?.message).toMatch(/^Diese Angaben konnten nicht vollständig geprüft werden\./);
    expect(errors.root?.message).not.toMatch(/X-throws|X-hostile|carrier bug/);
    expect((errors as Order).relatedParty[0].partyOrPartyRole.contactMedium[2].postcode.message).toBe(
      messages.de.postcode_not_german(),
    );
  });

  it("TanStack Form: a carrier rule's issue lands on its field as the user types, and leaves when fixed", () => {
    const { fields, errors, form } = formOf(schemaOf(), [POSTCODE], withPostal('50823'));
    fields[POSTCODE].handleChange('508230');
    expect(errors(POSTCODE)).toEqual([{ rule: 'X-german-postcode', code: 'postcode_not_german' }]);
    expect((fields[POSTCODE].state.meta.errors as { message: string }[])[0]?.message).toBe(
      messages.de.postcode_not_german(),
    );
    fields[POSTCODE].handleChange('  ');
    expect(errors(POSTCODE)).toEqual([{ rule: 'R-contact', code: 'required' }]);
    fields[POSTCODE].handleChange('50823');
    expect(errors(POSTCODE)).toEqual([]);
    expect(form.state.isValid).toBe(true);
  });

  it('TanStack Form: a near miss is a note beside its field, and the form stays valid', () => {
    const TYPE = 'productOrderItem[0].product.@type';
    const schema = schemaOf();
    const { fields, form, errors } = formOf(schema, [TYPE]);
    fields[TYPE].handleChange('HvtLocalLoopProdukt');
    expect(errors(TYPE)).toEqual([]);
    expect(form.state.isValid).toBe(true);
    const notes = schema.hints(form.state.values);
    expect(notes.map(({ path, code, params }) => ({ path, code, params }))).toEqual([
      {
        path: ['productOrderItem', 0, 'product', '@type'],
        code: 'did_you_mean',
        params: { found: 'HvtLocalLoopProdukt', suggestion: 'HvtLocalLoopProduct' },
      },
    ]);
    expect(notes[0]?.message).toMatch(/HvtLocalLoopProduct|HVt/);
  });
});

/** The part of react-hook-form's form control these tests use. */
interface FormControl {
  readonly register: (name: string) => { readonly ref: (element: object) => void };
  readonly handleSubmit: (valid: (value: Order) => void) => () => Promise<void>;
}

describe('react-hook-form’s form control with the schema as its resolver', () => {
  // imported untyped: React's types, which react-hook-form's bring, would add the DOM library to the
  // whole program and retype the browser tests' Playwright callbacks (see tsconfig.json)
  let createFormControl: (options: object) => FormControl;
  let standardSchemaResolver: (schema: unknown) => unknown;
  beforeAll(async () => {
    const [rhf, resolvers] = ['react-hook-form', '@hookform/resolvers/standard-schema'];
    ({ createFormControl } = await import(rhf));
    ({ standardSchemaResolver } = await import(resolvers));
  });

  /**
   * A form control of `values` validated on submit by `schema`, with a field registered for each of
   * `names` whose element records that it was focused.
   */
  function controlOf(schema: unknown, names: readonly string[], values: Order) {
    const { register, handleSubmit } = createFormControl({
      defaultValues: values,
      resolver: standardSchemaResolver(schema),
    });
    const focused: string[] = [];
    for (const name of names) register(name).ref({ name, value: '', type: 'text', focus: () => focused.push(name) });
    const submitted: Order[] = [];
    const submit = async () => {
      await handleSubmit((value) => void submitted.push(value))();
      return { submitted, focused: [...new Set(focused)] };
    };
    return submit;
  }

  const ROLE_0 = 'productOrderItem.0.product.relatedPlace.0.role';
  const KIND_0 = 'relatedParty.0.partyOrPartyRole.contactMedium.0.@type';
  // the lists' controls that add a row, registered at the list's name (in a page: useController's ref)
  const PLACES = 'productOrderItem.0.product.relatedPlace';
  const MEDIA = 'relatedParty.0.partyOrPartyRole.contactMedium';
  const names = ['description', ROLE_0, KIND_0, PLACES, MEDIA];

  // regression: a list rule's issue sat at the list, which is no field, so focus stayed on the submit
  // button after submit; then at the first place's role, which the clerk had rightly set to
  // locationA: it is at the list, whose control that adds a place takes the focus
  it('focuses the control that adds a place after submit for the places’ count of R10, not the place that is right', async () => {
    const order = valid();
    order.productOrderItem[0].product.relatedPlace.pop();
    const schema = api.createProductOrderSchema({ labels: api.labelsDe });
    const submit = controlOf(schema, names, order);
    expect(await submit()).toEqual({ submitted: [], focused: [PLACES] });
  });

  it('focuses the control that adds a contact medium for R3, not the e-mail address, and submits once the order is valid', async () => {
    const order = valid();
    order.relatedParty[0].partyOrPartyRole.contactMedium.shift();
    const submit = controlOf(api.productOrderSchema, names, order);
    expect(await submit()).toEqual({ submitted: [], focused: [MEDIA] });
    const fine = controlOf(api.productOrderSchema, names, valid());
    expect((await fine()).submitted).toHaveLength(1);
  });
});
