// A carrier's order form as a React 19 page: react-hook-form validates the whole order on each change
// through @hookform/resolvers' Standard Schema resolver and the package's schema, and shows its
// labelled messages at the fields. test/react-form.test.ts bundles it against the packed package.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  blankContactMedium,
  blankRelatedParty,
  createProductOrderSchema,
  labelsDe,
  labelsEn,
  toDateTime,
  toLocalDateTime,
} from 'product-order-validator';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Controller, get, useFieldArray, useForm, useWatch } from 'react-hook-form';
import order from '../../examples/orders/valid/new-hvt-local-loop.json';
import { focusFirstInvalid } from '../form-focus';

const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'de';
const labels = lang === 'de' ? labelsDe : labelsEn;
const schema = createProductOrderSchema({ lang, labels, emptyAsMissing: true });
const words = {
  de: {
    send: 'Auftrag senden',
    add: 'Ansprechpartner hinzufügen',
    remove: 'Ansprechpartner entfernen',
    addPhone: 'Telefonnummer hinzufügen',
    removeMedium: 'Kontakt entfernen',
    choose: '– bitte wählen –',
  },
  en: {
    send: 'Send order',
    add: 'Add contact',
    remove: 'Remove contact',
    addPhone: 'Add phone number',
    removeMedium: 'Remove contact detail',
    choose: '– please choose –',
  },
}[lang];

const TYPE = 'productOrderItem.0.product.@type';
const PLACES = 'productOrderItem.0.product.relatedPlace';
const products = ['HvtLocalLoopProduct', 'KvzLocalLoopProduct', 'BitstreamAccessProduct', 'OpticalAccessLineProduct'];
const roles = [
  'technicalContact',
  'installationContact',
  'orderManagementBuyerContact',
  'deliveryContact',
  'locationAContact',
  'subcontractor',
];

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

/** The date pickers by field name: one whose text the browser cannot read has value '' and validity.badInput. */
const pickers = {};

/**
 * The schema's resolver, and a half-typed date said as such, in the labels' words of a date that is
 * none: its value is '' as for an empty picker, which the schema would call missing.
 */
async function resolver(values, context, options) {
  const result = await standardSchemaResolver(schema)(values, context, options);
  const unreadable = Object.keys(pickers).filter((name) => pickers[name]?.validity.badInput);
  if (unreadable.length === 0) return result;
  const errors = { ...result.errors };
  for (const name of unreadable)
    errors[name] = {
      type: 'badInput',
      message: labels.message(
        {
          rule: 'R-field',
          code: 'invalid_date_time',
          path: `/${name}`,
          params: { format: 'date-time', reason: 'invalid' },
        },
        undefined,
      ),
    };
  return { values: {}, errors };
}

/** A date picker for an RFC 3339 date-time of the order, read and shown in Europe/Berlin. */
function DateField({ control, name, id }) {
  return (
    <>
      <label htmlFor={id}>{labels.fields[name]}</label>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <>
            <input
              type="datetime-local"
              {...described(id, fieldState.error)}
              name={field.name}
              ref={(input) => {
                field.ref(input);
                pickers[name] = input;
              }}
              onBlur={field.onBlur}
              value={toLocalDateTime(field.value)}
              onChange={(event) => field.onChange(toDateTime(event.target.value))}
            />
            <Message id={id} error={fieldState.error} />
          </>
        )}
      />
    </>
  );
}

/** Whether a phone number is a landline or a mobile one. */
function PhoneType({ register, error, name, id }) {
  return (
    <>
      <label htmlFor={id}>{labels.fields.contactType}</label>
      <select {...described(id, error(name))} {...register(name)}>
        <option value="">{words.choose}</option>
        {['fixed', 'mobile'].map((type) => (
          <option key={type} value={type}>
            {labels.values[type]}
          </option>
        ))}
      </select>
      <Message id={id} error={error(name)} />
    </>
  );
}

/** A party's contact media: phone numbers and e-mail addresses, a phone added or a medium removed. */
function ContactMedia({ control, register, index, error, listError }) {
  const name = `relatedParty.${index}.partyOrPartyRole.contactMedium`;
  const media = useFieldArray({ control, name });
  const id = `party-${index}-media`;
  // the list's own message (R3, R4: a row is missing)
  const message = listError(name);
  return (
    <>
      <fieldset {...described(id, message)}>
        <legend>{labels.field(`/relatedParty/${index}/partyOrPartyRole/contactMedium`)}</legend>
        {media.fields.map((medium, m) => {
          const phone = medium['@type'] === 'PhoneContactMedium';
          const field = `${name}.${m}.${phone ? 'phoneNumber' : 'emailAddress'}`;
          const cid = `party-${index}-${phone ? 'phone' : 'email'}-${m}`;
          const type = `${name}.${m}.@type`;
          const typeId = `party-${index}-medium-${m}-type`;
          const { ref, onBlur } = register(type);
          return (
            <div key={medium.id}>
              {/* the row's key field: another kind of contact is a new row of that kind */}
              <label htmlFor={typeId}>{labels.fields['contactMedium[]/@type']}</label>
              <select
                {...described(typeId, error(type))}
                ref={ref}
                name={type}
                onBlur={onBlur}
                value={medium['@type']}
                onChange={(event) => media.update(m, blankContactMedium(event.target.value))}
              >
                {['PhoneContactMedium', 'EmailContactMedium'].map((kind) => (
                  <option key={kind} value={kind}>
                    {labels.values[kind]}
                  </option>
                ))}
              </select>
              <Message id={typeId} error={error(type)} />
              {phone && (
                <PhoneType register={register} error={error} name={`${name}.${m}.contactType`} id={`${cid}-type`} />
              )}
              <label htmlFor={cid}>{labels.fields[phone ? 'phoneNumber' : 'emailAddress']}</label>
              <input type={phone ? 'tel' : 'email'} {...described(cid, error(field))} {...register(field)} />
              <Message id={cid} error={error(field)} />
              <button type="button" data-testid={`${cid}-remove`} onClick={() => media.remove(m)}>
                {words.removeMedium}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          data-add
          data-testid={`party-${index}-add-phone`}
          onClick={() => media.append(blankContactMedium('PhoneContactMedium'))}
        >
          {words.addPhone}
        </button>
      </fieldset>
      <Message id={id} error={message} />
    </>
  );
}

function OrderForm() {
  const [submitted, setSubmitted] = useState(null);
  const formRef = useRef(null);
  const { register, control, handleSubmit, formState } = useForm({
    resolver,
    mode: 'onChange',
    // the pickers show the order's dates through toLocalDateTime
    defaultValues: order,
    // focus goes to the first marked field in page order, list rules included (below)
    shouldFocusError: false,
  });
  const parties = useFieldArray({ control, name: 'relatedParty' });
  const values = useWatch({ control });
  const error = (name) => get(formState.errors, name);
  // a list's own message: at its `root` once fields inside the list are registered
  const listError = (name) => {
    const found = error(name);
    return found?.root ?? (found?.message === undefined ? undefined : found);
  };
  const places = values.productOrderItem?.[0]?.product?.relatedPlace ?? [];
  // the places have no controls here: their list's message, or one at a row's key field, shows at the list
  const placesError =
    listError(PLACES) ??
    Array.from({ length: places.length + 1 }, (_, k) => error(`${PLACES}.${k}.role`)).find(Boolean);

  // after a failed submit: the first marked control, or in a marked list (R3 at a party's contact media:
  // a row is missing) its control that adds a row (docs/forms.md)
  useEffect(() => {
    if (formState.submitCount > 0) focusFirstInvalid(formRef.current);
  }, [formState.submitCount]);

  return (
    <form ref={formRef} data-testid="form" noValidate onSubmit={handleSubmit((data) => setSubmitted(data))}>
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

      {parties.fields.map((party, index) => {
        const ROLE = `relatedParty.${index}.role`;
        const FAMILY_NAME = `relatedParty.${index}.partyOrPartyRole.familyName`;
        return (
          <fieldset key={party.id} data-testid={`party-${index}`}>
            <legend>{labels.field(`/relatedParty/${index}`)}</legend>
            <label htmlFor={`party-${index}-role`}>{labels.fields.role}</label>
            <select {...described(`party-${index}-role`, error(ROLE))} {...register(ROLE)}>
              <option value="">{words.choose}</option>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {labels.values[role]}
                </option>
              ))}
            </select>
            <Message id={`party-${index}-role`} error={error(ROLE)} />

            <label htmlFor={`party-${index}-family-name`}>{labels.fields.familyName}</label>
            <input {...described(`party-${index}-family-name`, error(FAMILY_NAME))} {...register(FAMILY_NAME)} />
            <Message id={`party-${index}-family-name`} error={error(FAMILY_NAME)} />

            <ContactMedia control={control} register={register} index={index} error={error} listError={listError} />
            <button type="button" data-testid={`party-${index}-remove`} onClick={() => parties.remove(index)}>
              {words.remove}
            </button>
          </fieldset>
        );
      })}
      <button type="button" data-testid="party-add" onClick={() => parties.append(blankRelatedParty('Individual'))}>
        {words.add}
      </button>

      <DateField control={control} name="orderPostedDate" id="posted" />
      <DateField control={control} name="requestedCompletionDate" id="date" />

      <button type="submit" data-testid="submit">
        {words.send}
      </button>
      <pre data-testid="values">{JSON.stringify(values)}</pre>
      <pre data-testid="submitted">{submitted ? JSON.stringify(submitted) : ''}</pre>
    </form>
  );
}

document.documentElement.lang = lang;
createRoot(document.getElementById('root')).render(<OrderForm />);
