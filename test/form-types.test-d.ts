// The order's types as form libraries walk them: react-hook-form's paths and TanStack Form's keys
// give exactly the order's fields, and the blanks are default values of either. Checked by the
// compiler only (vitest's typecheck); the runtime side is in src/form/blank.test.ts.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { type DeepKeys, type DeepValue, FormApi } from '@tanstack/form-core';
import type { FieldArrayPath, Path, UseFormProps } from 'react-hook-form';
import { useFieldArray, useForm } from 'react-hook-form';
import { describe, expectTypeOf, it } from 'vitest';
import {
  blankContactMedium,
  blankProductOrder,
  blankProductOrderItem,
  blankRelatedParty,
  blankRelatedPlace,
} from '../src/generated/blanks.js';
import type {
  ContactMediumFormValues,
  Open,
  PlaceFormValues,
  ProductOrderFormValues,
  ProductOrderFVO,
  RelatedParty,
} from '../src/generated/types.js';
import { createProductOrderSchema, type productOrderSchema } from '../src/standard-schema.js';
import { validateProductOrder } from '../src/validate.js';

// hooks as a form module holds them: the compiler checks them, nothing calls them
function useParties() {
  const form = useForm<ProductOrderFVO>();
  return useFieldArray({ control: form.control, name: 'relatedParty' });
}

const orderFormOptions: UseFormProps<ProductOrderFormValues, unknown, ProductOrderFVO> = {
  resolver: standardSchemaResolver(createProductOrderSchema({ emptyAsMissing: true })),
  defaultValues: blankProductOrder(),
};
// the break CHANGELOG names: a form that holds blanks is typed on its values, not on the order
function useEditForm(order: ProductOrderFVO) {
  return useForm<ProductOrderFVO>({
    // @ts-expect-error: the emptyAsMissing schema takes ProductOrderFormValues, the values of useForm<ProductOrderFormValues, unknown, ProductOrderFVO>
    resolver: standardSchemaResolver(createProductOrderSchema({ emptyAsMissing: true })),
    defaultValues: order,
  });
}
function useOrderForm() {
  const form = useForm<ProductOrderFormValues, unknown, ProductOrderFVO>(orderFormOptions);
  const parties = useFieldArray({ control: form.control, name: 'relatedParty' });
  parties.append(blankRelatedParty());
  const media = useFieldArray({ control: form.control, name: 'relatedParty.0.partyOrPartyRole.contactMedium' });
  media.append(blankContactMedium('EmailContactMedium'));
  useFieldArray({ control: form.control, name: 'productOrderItem' }).append(blankProductOrderItem());
  return form.handleSubmit((order) => expectTypeOf(order).toEqualTypeOf<ProductOrderFVO>());
}

describe("react-hook-form's paths of ProductOrderFVO", () => {
  it("lists the order's lists as field arrays", () => {
    expectTypeOf<'relatedParty'>().toExtend<FieldArrayPath<ProductOrderFVO>>();
    expectTypeOf<'productOrderItem'>().toExtend<FieldArrayPath<ProductOrderFVO>>();
    expectTypeOf<`relatedParty.${number}.partyOrPartyRole.contactMedium`>().toExtend<FieldArrayPath<ProductOrderFVO>>();
    expectTypeOf<`productOrderItem.${number}.product.relatedPlace`>().toExtend<FieldArrayPath<ProductOrderFVO>>();
    expectTypeOf<'relatedParty'>().toExtend<FieldArrayPath<ProductOrderFormValues>>();
  });

  it('rejects a misspelt path', () => {
    const path = (name: Path<ProductOrderFVO>) => name;
    path('relatedParty.0.role');
    path('productOrderItem.0.product.relatedPlace.1.place.geographicSiteCharacteristic.0.value');
    // @ts-expect-error: no such field
    path('relatedParti.0.rolee');
    // @ts-expect-error: a field of the order, not of a related party
    path('relatedParty.0.category');
  });

  it('types useFieldArray on useForm<ProductOrderFVO>, and a form of blanks resolved into the order', () => {
    expectTypeOf<ReturnType<typeof useParties>['fields'][number]['role']>().toEqualTypeOf<RelatedParty['role']>();
    expectTypeOf(orderFormOptions.defaultValues).not.toBeAny();
    expectTypeOf(useOrderForm).toBeFunction();
    expectTypeOf(useEditForm).toBeFunction();
  });
});

describe("the paths of a place's address, a form's fields the validator leaves open", () => {
  it('compiles them on the form values and refuses a misspelt one', () => {
    const path = (name: Path<ProductOrderFormValues>) => name;
    path('productOrderItem.0.product.relatedPlace.0.place.streetName');
    path('productOrderItem.0.product.relatedPlace.0.place.streetNr');
    path('productOrderItem.0.product.relatedPlace.0.place.postcode');
    path('productOrderItem.0.product.relatedPlace.0.place.city');
    // @ts-expect-error: no such field of an address
    path('productOrderItem.0.product.relatedPlace.0.place.streetname');
    // @ts-expect-error: the contact medium's field, not the place's
    path('productOrderItem.0.product.relatedPlace.0.place.emailAddress');
    expectTypeOf<'productOrderItem[0].product.relatedPlace[0].place.postcode'>().toExtend<
      DeepKeys<ProductOrderFormValues>
    >();
    expectTypeOf<'productOrderItem[0].product.relatedPlace[0].place.postcod'>().not.toExtend<
      DeepKeys<ProductOrderFormValues>
    >();
    expectTypeOf(blankRelatedPlace().place).toExtend<PlaceFormValues>();
  });

  it('leaves them off the validated order, whose address fields the specification does not type', () => {
    // @ts-expect-error: a validated order's place holds whatever was sent there
    ((name: Path<ProductOrderFVO>) => name)('productOrderItem.0.product.relatedPlace.0.place.postcode');
    expectTypeOf<ProductOrderFVO>().toExtend<ProductOrderFormValues>();
  });
});

describe("TanStack Form's keys of ProductOrderFVO", () => {
  it('types relatedParty as its list and rejects a misspelt key', () => {
    expectTypeOf<DeepValue<ProductOrderFVO, 'relatedParty'>>().toEqualTypeOf<RelatedParty[]>();
    expectTypeOf<'relatedParty[0].partyOrPartyRole.contactMedium'>().toExtend<DeepKeys<ProductOrderFVO>>();
    expectTypeOf<'relatedParti[0].rolee'>().not.toExtend<DeepKeys<ProductOrderFVO>>();
    expectTypeOf<'relatedParty[0].rolee'>().not.toExtend<DeepKeys<ProductOrderFVO>>();
  });

  it('takes the blank order as default values beside the emptyAsMissing schema', () => {
    const form = new FormApi({
      defaultValues: blankProductOrder(),
      validators: { onChange: createProductOrderSchema({ emptyAsMissing: true }) },
    });
    expectTypeOf(form.state.values).toEqualTypeOf<ProductOrderFormValues>();
    expectTypeOf<DeepValue<ProductOrderFormValues, 'relatedParty[0].partyOrPartyRole.contactMedium'>>().toEqualTypeOf<
      ContactMediumFormValues[] | undefined
    >();
  });
});

describe('the form values and the open type', () => {
  it('takes every valid order as form values, and an emptied select only as form values', () => {
    expectTypeOf<ProductOrderFVO>().toExtend<ProductOrderFormValues>();
    expectTypeOf<{ category: '' }>().not.toExtend<Pick<ProductOrderFVO, 'category'>>();
    expectTypeOf<{ category: '' }>().toExtend<Pick<ProductOrderFormValues, 'category'>>();
    expectTypeOf<StandardSchemaInput<typeof productOrderSchema>>().toEqualTypeOf<ProductOrderFVO>();
  });

  it('reads an extension field through Open, and not off the precise type', () => {
    const result = validateProductOrder({});
    if (result.valid) {
      expectTypeOf((result.value as Open<ProductOrderFVO>)['x-carrierRef']).toBeUnknown();
      // @ts-expect-error: the order's type lists the spec's fields only
      result.value['x-carrierRef'];
    }
  });
});

type StandardSchemaInput<S extends { '~standard': { types?: { input: unknown } } }> = NonNullable<
  S['~standard']['types']
>['input'];
