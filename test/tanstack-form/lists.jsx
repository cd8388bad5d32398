// Every list of an order as a carrier's TanStack Form page shows it: each list an array field shown as
// a group with its rows' key fields and a control that adds a row, its own message at the group. The
// page starts from a case of test/list-cases.ts (`?case=`), an order with one list emptied; after a
// failed submit, docs/forms.md's recipe focuses the first control marked invalid, in a list marked
// invalid its control that adds a row. test/tanstack-form.test.ts bundles it against the packed package.
import { useForm, useStore } from '@tanstack/react-form';
import {
  blankContactMedium,
  blankGeographicSiteCharacteristic,
  blankProductOrderItem,
  blankRelatedPlace,
  createProductOrderSchema,
  describeField,
  fieldFactsDe,
  labelsDe,
} from 'product-order-validator';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { focusFirstInvalid } from '../form-focus';
import { orderOf } from '../list-cases';

const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true });

/** The JSON Pointer of a TanStack Form name (`relatedParty[0].role`). */
const pointer = (name) => `/${name.replaceAll('[', '.').replaceAll(']', '').split('.').join('/')}`;
/** The value at a TanStack Form name in `values`. */
const valueAt = (values, name) =>
  pointer(name)
    .split('/')
    .slice(1)
    .reduce((node, key) => node?.[key], values);
/** An element id for a TanStack Form name. */
const idOf = (name) => pointer(name).slice(1).replaceAll('/', '-').replaceAll('@', '');

/** What each list's control that adds a row says, and the row it adds, by the list's name. */
const adds = {
  externalId: ['Externe Kennung hinzufügen', () => ({ '@type': 'ExternalIdentifier', id: '' })],
  contactMedium: ['Kontaktweg hinzufügen', () => blankContactMedium('PhoneContactMedium')],
  productOrderItem: ['Position hinzufügen', () => blankProductOrderItem()],
  relatedPlace: ['Standort hinzufügen', () => blankRelatedPlace()],
  geographicSiteCharacteristic: ['Merkmal hinzufügen', () => blankGeographicSiteCharacteristic()],
  place: ['Adressverweis hinzufügen', () => ({ '@type': 'PlaceRef', id: '' })],
};

/** The attributes that tie a control or a group to its message. */
const described = (id, invalid) => ({
  id,
  'data-testid': id,
  'aria-describedby': `${id}-error`,
  'aria-invalid': invalid ? 'true' : undefined,
});

function Message({ id, message }) {
  return (
    <p id={`${id}-error`} data-testid={`${id}-error`}>
      {message}
    </p>
  );
}

/** A row's key field: a select of the values the field facts allow, or a text input. */
function KeyField({ form, name, shown, values }) {
  const fact = describeField(fieldFactsDe, name, values);
  const id = idOf(name);
  return (
    <form.Field name={name}>
      {(field) => {
        const message = shown(field) ? field.state.meta.errors[0]?.message : undefined;
        const props = {
          ...described(id, message !== undefined),
          value: field.state.value ?? '',
          onBlur: field.handleBlur,
          onChange: (event) => field.handleChange(event.target.value),
        };
        return (
          <>
            <label htmlFor={id}>{labelsDe.field(pointer(name), values)}</label>
            {fact?.options && !fact.open ? (
              <select {...props}>
                <option value="">– bitte wählen –</option>
                {fact.options.map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...props} />
            )}
            <Message id={id} message={message} />
          </>
        );
      }}
    </form.Field>
  );
}

/** A list: an array field, its rows, its control that adds one, its message. */
function List({ form, name, shown, values, row }) {
  const list = name.slice(name.lastIndexOf('.') + 1);
  const [words, blank] = adds[list];
  const id = idOf(name);
  return (
    <form.Field name={name} mode="array">
      {(field) => {
        const message = shown(field) ? field.state.meta.errors[0]?.message : undefined;
        return (
          <>
            <fieldset {...described(id, message !== undefined)}>
              <legend>{labelsDe.field(pointer(name), values)}</legend>
              {(field.state.value ?? []).map((_, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the list's positions, as TanStack Form names them
                <div key={k}>{row(`${name}[${k}]`)}</div>
              ))}
              <button type="button" data-add data-testid={`${id}-add`} onClick={() => field.pushValue(blank())}>
                {words}
              </button>
            </fieldset>
            <Message id={id} message={message} />
          </>
        );
      }}
    </form.Field>
  );
}

function OrderForm() {
  const [submitted, setSubmitted] = useState(null);
  const [refused, setRefused] = useState(0);
  const formRef = useRef(null);
  const form = useForm({
    defaultValues: orderOf(new URLSearchParams(location.search).get('case')),
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      const result = await schema['~standard'].validate(value);
      if (!result.issues) setSubmitted(result.value);
    },
    onSubmitInvalid: () => setRefused((n) => n + 1),
  });
  const submissions = useStore(form.store, (state) => state.submissionAttempts);
  const values = useStore(form.store, (state) => state.values);
  const shown = (field) => field.state.meta.isTouched || submissions > 0;
  const at = { form, shown, values };
  const isSite = (place) => place?.place?.['@type'] === 'GeographicSite';

  // after a refused submit, once its messages show: the first control marked invalid, or the control
  // that adds a row of a list marked invalid
  useEffect(() => {
    if (refused > 0) focusFirstInvalid(formRef.current);
  }, [refused]);

  return (
    <main>
      <h1>Auftrag</h1>
      <form
        ref={formRef}
        data-testid="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <List name="externalId" {...at} row={(row) => <KeyField name={`${row}.id`} {...at} />} />
        {(values.relatedParty ?? []).map((_, p) => (
          <List
            // biome-ignore lint/suspicious/noArrayIndexKey: the parties are fixed on this page
            key={p}
            name={`relatedParty[${p}].partyOrPartyRole.contactMedium`}
            {...at}
            row={(row) => <KeyField name={`${row}.@type`} {...at} />}
          />
        ))}
        <List
          name="productOrderItem"
          {...at}
          row={(item) => (
            <>
              <KeyField name={`${item}.action`} {...at} />
              <List
                name={`${item}.product.relatedPlace`}
                {...at}
                row={(place) => (
                  <>
                    <KeyField name={`${place}.role`} {...at} />
                    {isSite(valueAt(values, place)) && (
                      <>
                        <List
                          name={`${place}.place.geographicSiteCharacteristic`}
                          {...at}
                          row={(characteristic) => <KeyField name={`${characteristic}.name`} {...at} />}
                        />
                        <List
                          name={`${place}.place.place`}
                          {...at}
                          row={(ref) => <KeyField name={`${ref}.id`} {...at} />}
                        />
                      </>
                    )}
                  </>
                )}
              />
            </>
          )}
        />
        <button type="submit" data-testid="submit">
          Auftrag senden
        </button>
        <pre data-testid="values">{JSON.stringify(values)}</pre>
        <pre data-testid="submitted">{submitted ? JSON.stringify(submitted) : ''}</pre>
      </form>
    </main>
  );
}

document.documentElement.lang = 'de';
createRoot(document.getElementById('root')).render(<OrderForm />);
