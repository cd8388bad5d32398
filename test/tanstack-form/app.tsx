// A carrier's order form as a React 19 page with TanStack Form: the package's schema, German labels and
// empty inputs as missing, validates the whole order on each change and on submit, and each issue shows
// at its field. Typed on ProductOrderFormValues: the field names below are checked against the order's
// paths. test/tanstack-form.test.ts bundles it against the packed package and type-checks it.
import { useForm, useStore } from '@tanstack/react-form';
import {
  blankRelatedParty,
  createProductOrderSchema,
  defineRule,
  type Finding,
  labelsDe,
  type ProductOrderFormValues,
  type ProductOrderFVO,
  toDateTime,
  toLocalDateTime,
} from 'product-order-validator';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import example from '../../examples/orders/valid/new-hvt-local-loop.json';

/** A carrier's rule whose lookup breaks on one number: its issue is the form's own, at no field. */
const lookup = defineRule({
  id: 'X-lookup',
  title: 'The technical contact’s number is known to the carrier.',
  check: (order) => {
    if (JSON.stringify(order).includes('"+4930999999"')) throw new TypeError('the lookup is down');
    return [];
  },
});
const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true, rules: [lookup] });

/** The messages of the form's own issues (TanStack Form's `form.state.errors`): those at no field, such as `rule_failed`. */
function formMessages(errors: readonly unknown[]): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const root = typeof error === 'object' && error !== null ? Reflect.get(error, '') : undefined;
    for (const issue of Array.isArray(root) ? root : [root]) {
      const message = typeof issue === 'object' && issue !== null ? Reflect.get(issue, 'message') : undefined;
      if (typeof message === 'string' && !messages.includes(message)) messages.push(message);
    }
  }
  return messages;
}
const roles = ['technicalContact', 'installationContact', 'deliveryContact', 'locationAContact'] as const;
/** The spec's recommended salutations. */
const salutations = ['Frau', 'Herr', 'keine Anrede'];

type DateName = 'orderPostedDate' | 'requestedCompletionDate';

/** The form's date pickers, set by their ref callbacks (the recipe of docs/forms.md, "Half-typed dates"). */
const pickers: Partial<Record<DateName, HTMLInputElement | null>> = {};

/** The field validator of a date picker: the labels' words for a date that is none while the browser cannot read the text. */
const readableDate = (name: DateName) => () => {
  if (!pickers[name]?.validity.badInput) return undefined;
  const finding: Finding = {
    rule: 'R-field',
    code: 'invalid_date_time',
    path: `/${name}`,
    params: { format: 'date-time', reason: 'invalid' },
  };
  return { message: labelsDe.message(finding, undefined) };
};

/**
 * Validates each picker the browser cannot read: one that was empty sends no change while the clerk
 * types, and TanStack Form's first refused submit runs no validator.
 */
const checkPickers = (form: { validateField: (name: DateName, cause: 'change') => unknown }) => {
  for (const name of ['orderPostedDate', 'requestedCompletionDate'] as const)
    if (pickers[name]?.validity.badInput) void form.validateField(name, 'change');
};

/** The order a clerk edits: an existing one, as the service sent it. */
const order: ProductOrderFormValues = example as ProductOrderFVO;

/** What a field shows under it: its first issue, once it was touched or the form submitted. */
function Message({ id, errors, shown }: { id: string; errors: unknown[]; shown: boolean }) {
  const first = shown ? (errors[0] as { message?: string } | undefined) : undefined;
  return (
    <p id={`${id}-error`} data-testid={`${id}-error`}>
      {first?.message}
    </p>
  );
}

/** The attributes that tie a control to its message. */
const described = (id: string, invalid: boolean) => ({
  id,
  'data-testid': id,
  'aria-describedby': `${id}-error`,
  'aria-invalid': invalid ? ('true' as const) : undefined,
});

function OrderForm() {
  const [submitted, setSubmitted] = useState<ProductOrderFVO | null>(null);
  const form = useForm({
    defaultValues: order,
    validators: { onChange: schema, onSubmit: schema },
    // the form holds what the clerk typed; the schema's value is the order, empty inputs left out
    onSubmit: async ({ value }) => {
      const result = await schema['~standard'].validate(value);
      if (!result.issues) setSubmitted(result.value);
    },
  });
  const submissions = useStore(form.store, (state) => state.submissionAttempts);
  const summary = formMessages(useStore(form.store, (state) => state.errors));
  const attempted = (touched: boolean) => touched || submissions > 0;

  return (
    <form
      data-testid="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        checkPickers(form);
        void form.handleSubmit();
      }}
    >
      <div role="alert" data-testid="summary">
        {submissions > 0 && summary.length > 0 ? (
          <ul>
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <form.Field name="relatedParty" mode="array">
        {(parties) => (
          <>
            {parties.state.value.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the list's positions, as TanStack Form names them
              <fieldset key={index} data-testid={`party-${index}`}>
                <legend>{labelsDe.field(`/relatedParty/${index}`)}</legend>
                <form.Field name={`relatedParty[${index}].role`}>
                  {(field) => {
                    const id = `party-${index}-role`;
                    const shown = attempted(field.state.meta.isTouched);
                    return (
                      <>
                        <label htmlFor={id}>{labelsDe.fields.role}</label>
                        <select
                          {...described(id, shown && field.state.meta.errors.length > 0)}
                          value={field.state.value ?? ''}
                          onBlur={field.handleBlur}
                          onChange={(event) => field.handleChange(event.target.value as (typeof roles)[number] | '')}
                        >
                          <option value="">– bitte wählen –</option>
                          {roles.map((role) => (
                            <option key={role} value={role}>
                              {labelsDe.values[role]}
                            </option>
                          ))}
                        </select>
                        <Message id={id} errors={field.state.meta.errors} shown={shown} />
                      </>
                    );
                  }}
                </form.Field>
                <form.Field name={`relatedParty[${index}].partyOrPartyRole.salutation`}>
                  {(field) => {
                    const id = `party-${index}-salutation`;
                    const shown = attempted(field.state.meta.isTouched);
                    return (
                      <>
                        <label htmlFor={id}>{labelsDe.fields.salutation}</label>
                        <select
                          {...described(id, shown && field.state.meta.errors.length > 0)}
                          value={field.state.value ?? ''}
                          onBlur={field.handleBlur}
                          onChange={(event) => field.handleChange(event.target.value)}
                        >
                          <option value="">– bitte wählen –</option>
                          {salutations.map((salutation) => (
                            <option key={salutation}>{salutation}</option>
                          ))}
                        </select>
                        <Message id={id} errors={field.state.meta.errors} shown={shown} />
                      </>
                    );
                  }}
                </form.Field>
                <form.Field name={`relatedParty[${index}].partyOrPartyRole.familyName`}>
                  {(field) => {
                    const id = `party-${index}-family-name`;
                    const shown = attempted(field.state.meta.isTouched);
                    return (
                      <>
                        <label htmlFor={id}>{labelsDe.fields.familyName}</label>
                        <input
                          {...described(id, shown && field.state.meta.errors.length > 0)}
                          value={field.state.value ?? ''}
                          onBlur={field.handleBlur}
                          onChange={(event) => field.handleChange(event.target.value)}
                        />
                        <Message id={id} errors={field.state.meta.errors} shown={shown} />
                      </>
                    );
                  }}
                </form.Field>
                <button type="button" data-testid={`party-${index}-remove`} onClick={() => parties.removeValue(index)}>
                  Ansprechpartner entfernen
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              data-testid="party-add"
              onClick={() => parties.pushValue(blankRelatedParty('Individual'))}
            >
              Ansprechpartner hinzufügen
            </button>
          </>
        )}
      </form.Field>

      <form.Field name="relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber">
        {(field) => {
          const shown = attempted(field.state.meta.isTouched);
          return (
            <>
              <label htmlFor="phone">
                {labelsDe.field('/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber')}
              </label>
              <input
                type="tel"
                {...described('phone', shown && field.state.meta.errors.length > 0)}
                value={field.state.value ?? ''}
                onBlur={field.handleBlur}
                onChange={(event) => field.handleChange(event.target.value)}
              />
              <Message id="phone" errors={field.state.meta.errors} shown={shown} />
            </>
          );
        }}
      </form.Field>

      <form.Field
        name="requestedCompletionDate"
        validators={{
          onChange: readableDate('requestedCompletionDate'),
          onSubmit: readableDate('requestedCompletionDate'),
        }}
      >
        {(field) => {
          const shown = attempted(field.state.meta.isTouched);
          return (
            <>
              <label htmlFor="date">{labelsDe.fields.requestedCompletionDate}</label>
              <input
                type="datetime-local"
                {...described('date', shown && field.state.meta.errors.length > 0)}
                ref={(input) => {
                  pickers.requestedCompletionDate = input;
                }}
                value={toLocalDateTime(field.state.value)}
                onBlur={() => {
                  field.handleBlur();
                  checkPickers(form);
                }}
                onChange={(event) => field.handleChange(toDateTime(event.target.value))}
              />
              <Message id="date" errors={field.state.meta.errors} shown={shown} />
            </>
          );
        }}
      </form.Field>

      <button type="submit" data-testid="submit">
        Auftrag senden
      </button>
      <form.Subscribe selector={(state) => state.values}>
        {(values) => <pre data-testid="values">{JSON.stringify(values)}</pre>}
      </form.Subscribe>
      <pre data-testid="submitted">{submitted ? JSON.stringify(submitted) : ''}</pre>
    </form>
  );
}

document.documentElement.lang = 'de';
createRoot(document.getElementById('root') as HTMLElement).render(<OrderForm />);
