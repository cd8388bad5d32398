// An order form built from what the package offers a form beyond the schema, as a React 19 page with
// react-hook-form: the selects' options and the inputs' maxLength from the field facts (fieldFactsDe,
// describeField), the carrier's own rule (a German postcode has five digits) through the schema's
// `rules` and `messages`, near-miss hints as non-blocking notes (schema.hints), and focus after submit
// where a list rule's params.focus points: a missing row's on the list's control that adds one. test/form-features.chromium.test.ts bundles it against the
// packed package.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  blankContactMedium,
  createProductOrderSchema,
  describeField,
  fieldFactsDe,
  labelsDe,
} from 'product-order-validator';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { get, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import order from '../../examples/orders/valid/new-hvt-local-loop.json';
import { addControl } from '../form-focus';

/** An own property of an object, or undefined: a rule sees any input, valid or not. */
const own = (value, name) =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, name) ? value[name] : undefined;
const list = (value, name) => (Array.isArray(own(value, name)) ? own(value, name) : []);

/** The carrier's rule: a German postcode of a place has five digits. */
const postcodeRule = {
  id: 'X-postcode-de',
  title: 'A German postcode has five digits.',
  check: (input) =>
    list(input, 'productOrderItem').flatMap((item, i) =>
      list(own(item, 'product'), 'relatedPlace').flatMap((related, p) => {
        const postcode = own(own(related, 'place'), 'postcode');
        return typeof postcode !== 'string' || postcode === '' || /^\d{5}$/.test(postcode)
          ? []
          : [
              {
                rule: 'X-postcode-de',
                code: 'postcode_not_five_digits',
                path: `/productOrderItem/${i}/product/relatedPlace/${p}/place/postcode`,
                params: { found: postcode },
              },
            ];
      }),
    ),
};

const schema = createProductOrderSchema({
  labels: labelsDe,
  emptyAsMissing: true,
  rules: [postcodeRule],
  messages: {
    de: { postcode_not_five_digits: () => 'Eine Postleitzahl hat fünf Ziffern.' },
    en: { postcode_not_five_digits: () => 'A postcode has five digits.' },
  },
});

const PARTY = 'relatedParty.0.partyOrPartyRole';
const MEDIA = `${PARTY}.contactMedium`;
const TYPE = 'productOrderItem.0.product.@type';
const POSTCODE = 'productOrderItem.0.product.relatedPlace.0.place.postcode';

/** The JSON Pointer of a react-hook-form name. */
const pointer = (name) => `/${name.split('.').join('/')}`;

/** The attributes that tie a control to its message, and the limits its field facts give it. */
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

/** A select whose options are the field's allowed values and their labels, from the facts. */
function FactSelect({ name, id, register, error, values }) {
  const fact = describeField(fieldFactsDe, pointer(name), values);
  return (
    <>
      <label htmlFor={id}>{fact?.label}</label>
      <select {...described(id, error(name))} {...register(name)}>
        <option value="">– bitte wählen –</option>
        {fact?.options?.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <Message id={id} error={error(name)} />
    </>
  );
}

/** A text input with the field's label and maxLength from the facts. */
function FactInput({ name, id, register, error, values, type = 'text' }) {
  const fact = describeField(fieldFactsDe, pointer(name), values);
  return (
    <>
      <label htmlFor={id}>{fact?.label}</label>
      <input type={type} maxLength={fact?.maxLength} {...described(id, error(name))} {...register(name)} />
      <Message id={id} error={error(name)} />
    </>
  );
}

function OrderForm() {
  const [submitted, setSubmitted] = useState(null);
  // react-hook-form focuses the first invalid registered field: a list rule's issue is at the field
  // its params.focus names
  const form = useForm({
    resolver: standardSchemaResolver(schema),
    mode: 'onChange',
    defaultValues: order,
  });
  const { register, control, handleSubmit, formState } = form;
  const values = useWatch({ control });
  const media = useFieldArray({ control, name: MEDIA });
  // the list's control that adds a row, registered at the list's name: react-hook-form focuses it
  const addMedium = useController({ control, name: MEDIA }).field;
  const found = get(formState.errors, MEDIA);
  const mediaError = found?.root ?? (found?.message === undefined ? undefined : found);
  const error = (name) => get(formState.errors, name);
  const field = { register, error, values };
  const productType = describeField(fieldFactsDe, pointer(TYPE), values);
  // hints never block the order: shown as notes beside their fields
  const notes = schema.hints(values);
  const noteAt = (name) => notes.find((note) => note.path.join('.') === name)?.message ?? '';

  return (
    <form data-testid="form" noValidate onSubmit={handleSubmit((data) => setSubmitted(data))}>
      <FactSelect name="relatedParty.0.role" id="role-0" {...field} />
      <FactSelect name="relatedParty.1.role" id="role-1" {...field} />

      <fieldset {...described('media', mediaError)}>
        <legend>{labelsDe.field(pointer(MEDIA), values)}</legend>
        {media.fields.map((medium, m) => (
          <div key={medium.id}>
            <FactSelect name={`${MEDIA}.${m}.@type`} id={`medium-${m}-type`} {...field} />
            {medium['@type'] === 'PhoneContactMedium' && (
              <FactInput name={`${MEDIA}.${m}.phoneNumber`} id={`medium-${m}-phone`} type="tel" {...field} />
            )}
            <button type="button" data-testid={`medium-${m}-remove`} onClick={() => media.remove(m)}>
              Kontakt entfernen
            </button>
          </div>
        ))}
        <button
          type="button"
          data-testid="medium-add"
          ref={(element) => addMedium.ref(addControl(form, MEDIA)(element))}
          onClick={() => media.append(blankContactMedium('PhoneContactMedium'))}
        >
          Telefonnummer hinzufügen
        </button>
      </fieldset>
      <Message id="media" error={mediaError} />

      {/* the product's type takes any text: a combo box of the known types, and a note on a near miss */}
      <label htmlFor="product">{productType?.label}</label>
      <input list="product-types" {...described('product', error(TYPE))} {...register(TYPE)} />
      <datalist id="product-types">
        {productType?.options?.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </datalist>
      <Message id="product" error={error(TYPE)} />
      <p role="note" data-testid="product-note">
        {noteAt(TYPE)}
      </p>

      {/* the spec names no fields of a place's address, so the facts have none: the carrier's rule checks it */}
      <label htmlFor="postcode">{labelsDe.field(pointer(POSTCODE), values)}</label>
      <input inputMode="numeric" {...described('postcode', error(POSTCODE))} {...register(POSTCODE)} />
      <Message id="postcode" error={error(POSTCODE)} />

      <button type="submit" data-testid="submit">
        Auftrag senden
      </button>
      <pre data-testid="values">{JSON.stringify(values)}</pre>
      <pre data-testid="submitted">{submitted ? JSON.stringify(submitted) : ''}</pre>
    </form>
  );
}

document.documentElement.lang = 'de';
createRoot(document.getElementById('root')).render(<OrderForm />);
