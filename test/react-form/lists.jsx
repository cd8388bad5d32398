// Every list of an order as a carrier's react-hook-form page shows it: each list a group with its rows'
// key fields and a control that adds a row, its own message at the group. The page starts from a case
// of test/list-cases.ts (`?case=`), an order with one list emptied. After a failed submit the focus goes
// to the control that adds a row of the list at fault: by docs/forms.md's recipe (`?focus=recipe`,
// shouldFocusError off) or by react-hook-form's own shouldFocusError, which focuses the control that
// useController registers at the list's name. test/react-form.test.ts bundles it against the packed package.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
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
import { get, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { addControl, focusFirstInvalid } from '../form-focus';
import { orderOf } from '../list-cases';

const search = new URLSearchParams(location.search);
const recipe = search.get('focus') === 'recipe';
const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true });

/** The JSON Pointer of a react-hook-form name. */
const pointer = (name) => `/${name.split('.').join('/')}`;
/** An element id for a react-hook-form name. */
const idOf = (name) => name.replaceAll('.', '-').replaceAll('@', '');

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
const described = (id, error) => ({
  id,
  'data-testid': id,
  'aria-describedby': `${id}-error`,
  'aria-invalid': error ? 'true' : undefined,
});

function Message({ id, error }) {
  return (
    <p id={`${id}-error`} data-testid={`${id}-error`}>
      {error?.message}
    </p>
  );
}

/** A row's key field: a select of the values the field facts allow, or a text input. */
function KeyField({ name, form, values }) {
  const fact = describeField(fieldFactsDe, pointer(name), values);
  const id = idOf(name);
  const error = get(form.formState.errors, name);
  return (
    <>
      <label htmlFor={id}>{labelsDe.field(pointer(name), values)}</label>
      {fact?.options && !fact.open ? (
        <select {...described(id, error)} {...form.register(name)}>
          <option value="">– bitte wählen –</option>
          {fact.options.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <input {...described(id, error)} {...form.register(name)} />
      )}
      <Message id={id} error={error} />
    </>
  );
}

/** A list's control that adds a row, registered at the list's name for react-hook-form's focus. */
function AddRow({ form, name, id, onClick, children }) {
  const { field } = useController({ control: form.control, name });
  return (
    <button
      type="button"
      data-add
      data-testid={`${id}-add`}
      ref={(element) => field.ref(addControl(form, name)(element))}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A list: its rows, its control that adds one, its message. */
function List({ name, form, values, row }) {
  const rows = useFieldArray({ control: form.control, name });
  const list = name.slice(name.lastIndexOf('.') + 1);
  const [words, blank] = adds[list];
  const id = idOf(name);
  const found = get(form.formState.errors, name);
  const error = found?.root ?? (found?.message === undefined ? undefined : found);
  return (
    <>
      <fieldset {...described(id, error)}>
        <legend>{labelsDe.field(pointer(name), values)}</legend>
        {rows.fields.map((item, k) => (
          <div key={item.id}>{row(`${name}.${k}`)}</div>
        ))}
        <AddRow form={form} name={name} id={id} onClick={() => rows.append(blank())}>
          {words}
        </AddRow>
      </fieldset>
      <Message id={id} error={error} />
    </>
  );
}

function OrderForm() {
  const [submitted, setSubmitted] = useState(null);
  const formRef = useRef(null);
  const form = useForm({
    resolver: standardSchemaResolver(schema),
    mode: 'onChange',
    defaultValues: orderOf(search.get('case')),
    shouldFocusError: !recipe,
  });
  const values = useWatch({ control: form.control });
  const at = { form, values };
  const kindOf = (name) => get(values, `${name}.@type`);

  useEffect(() => {
    if (recipe && form.formState.submitCount > 0) focusFirstInvalid(formRef.current);
  }, [form.formState.submitCount]);

  return (
    <main>
      <h1>Auftrag</h1>
      <form ref={formRef} data-testid="form" noValidate onSubmit={form.handleSubmit((data) => setSubmitted(data))}>
        <List name="externalId" {...at} row={(row) => <KeyField name={`${row}.id`} {...at} />} />
        {(values.relatedParty ?? []).map((_, p) => (
          <List
            // biome-ignore lint/suspicious/noArrayIndexKey: the parties are fixed on this page
            key={p}
            name={`relatedParty.${p}.partyOrPartyRole.contactMedium`}
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
                    {kindOf(`${place}.place`) === 'GeographicSite' && (
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
