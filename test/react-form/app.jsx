// A carrier's order form as a React 19 page: react-hook-form validates the whole order on each change
// through @hookform/resolvers' Standard Schema resolver and the package's schema, and shows its
// labelled messages at the fields. test/react-form.test.ts bundles it against the packed package.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { createProductOrderSchema, labelsDe, labelsEn, toDateTime, toLocalDateTime } from 'product-order-validator';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Controller, get, useForm, useWatch } from 'react-hook-form';
import order from '../../examples/orders/valid/new-hvt-local-loop.json';

const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'de';
const labels = lang === 'de' ? labelsDe : labelsEn;
const schema = createProductOrderSchema({ lang, labels, emptyAsMissing: true });

const PARTY = 'relatedParty.0.partyOrPartyRole';
const FAMILY_NAME = `${PARTY}.familyName`;
const PHONE = `${PARTY}.contactMedium.0.phoneNumber`;
const TYPE = 'productOrderItem.0.product.@type';
const PLACES = 'productOrderItem.0.product.relatedPlace';
const products = ['HvtLocalLoopProduct', 'KvzLocalLoopProduct', 'BitstreamAccessProduct', 'OpticalAccessLineProduct'];

/** The attributes that tie a control to its message. */
const described = (id, error) => ({
  id,
  'data-testid': id,
  'aria-describedby': `${id}-error`,
  'aria-invalid': error ? 'true' : undefined,
});

/** A field's message, empty while it has none. */
function Message({ id, error }) {
  return (
    <p id={`${id}-error`} data-testid={`${id}-error`} className="error">
      {error?.message}
    </p>
  );
}

function OrderForm() {
  const [submitted, setSubmitted] = useState(null);
  const { register, control, handleSubmit, formState } = useForm({
    resolver: standardSchemaResolver(schema),
    mode: 'onChange',
    defaultValues: order,
  });
  const values = useWatch({ control });
  const error = (name) => get(formState.errors, name);
  const places = values.productOrderItem?.[0]?.product?.relatedPlace ?? [];
  // a rule on the places is at the field a form focuses for it (params.focus), a place's role, which
  // this form shows as a list item: its message goes to the list
  const placesError = error(PLACES)?.message
    ? error(PLACES)
    : places.map((_, i) => error(`${PLACES}.${i}.role`)).find(Boolean);

  return (
    <form data-testid="form" noValidate onSubmit={handleSubmit((data) => setSubmitted(data))}>
      <label htmlFor="product">{labels.fields['product/@type']}</label>
      {/* the places rule depends on the product: revalidate them when it changes */}
      <select {...described('product', error(TYPE))} {...register(TYPE, { deps: PLACES })}>
        {products.map((type) => (
          <option key={type} value={type}>
            {labels.values[type]}
          </option>
        ))}
      </select>
      <Message id="product" error={error(TYPE)} />

      <fieldset {...described('places', placesError)}>
        <legend>{labels.fields.relatedPlace}</legend>
        <ul>
          {places.map((place) => (
            <li key={place.role}>{labels.values[place.role] ?? place.role}</li>
          ))}
        </ul>
      </fieldset>
      <Message id="places" error={placesError} />

      <label htmlFor="family-name">{labels.fields.familyName}</label>
      <input {...described('family-name', error(FAMILY_NAME))} {...register(FAMILY_NAME)} />
      <Message id="family-name" error={error(FAMILY_NAME)} />

      <label htmlFor="phone">{labels.fields.phoneNumber}</label>
      <input type="tel" {...described('phone', error(PHONE))} {...register(PHONE)} />
      <Message id="phone" error={error(PHONE)} />

      <label htmlFor="date">{labels.fields.requestedCompletionDate}</label>
      <Controller
        control={control}
        name="requestedCompletionDate"
        render={({ field, fieldState }) => (
          <input
            type="datetime-local"
            {...described('date', fieldState.error)}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={toLocalDateTime(field.value)}
            onChange={(event) => field.onChange(toDateTime(event.target.value))}
          />
        )}
      />
      <Message id="date" error={error('requestedCompletionDate')} />

      <button type="submit" data-testid="submit">
        {lang === 'de' ? 'Auftrag senden' : 'Send order'}
      </button>
      <pre data-testid="values">{JSON.stringify(values)}</pre>
      <pre data-testid="submitted">{submitted ? JSON.stringify(submitted) : ''}</pre>
    </form>
  );
}

document.documentElement.lang = lang;
createRoot(document.getElementById('root')).render(<OrderForm />);
