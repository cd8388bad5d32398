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
  blankGeographicAddress,
  blankPlaceRef,
  blankProductOrder,
  blankProductOrderItem,
  blankRelatedParty,
  blankRelatedPlace,
} from '../src/generated/blanks.js';
import type {
  ContactMediumFormValues,
  GeographicSite,
  GeographicSiteFormValues,
  Open,
  PlaceFormValues,
  ProductOrderFormValues,
  ProductOrderFVO,
  ProductOrderItem,
  ProductOrderItemFormValues,
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
    expectTypeOf<FormPlaces<ProductOrderItem>>().toExtend<ProductOrderItemFormValues>();
  });
});

describe("the paths of a site's nested places, a form's rows the validator leaves open", () => {
  const site = 'productOrderItem.0.product.relatedPlace.1.place.place';

  it('compiles an address or a reference per row and refuses a misspelt field', () => {
    const path = (name: Path<ProductOrderFormValues>) => name;
    path(`${site}.0.@type`);
    path(`${site}.0.id`);
    path(`${site}.0.@referredType`);
    path(`${site}.0.streetName`);
    path(`${site}.0.postcode`);
    // @ts-expect-error: no such field of a reference
    path(`${site}.0.idd`);
    // @ts-expect-error: a site's field, not a nested place's
    path(`${site}.0.geographicSiteCharacteristic`);
    expectTypeOf<'productOrderItem[0].product.relatedPlace[1].place.place[0].id'>().toExtend<
      DeepKeys<ProductOrderFormValues>
    >();
    expectTypeOf<'productOrderItem[0].product.relatedPlace[1].place.place[0].idd'>().not.toExtend<
      DeepKeys<ProductOrderFormValues>
    >();
    expectTypeOf<`productOrderItem.${number}.product.relatedPlace.${number}.place.place`>().toExtend<
      FieldArrayPath<ProductOrderFormValues>
    >();
    expectTypeOf(blankPlaceRef()).toExtend<GeographicSiteFormValues['place'][number]>();
    expectTypeOf(blankGeographicAddress()).toExtend<GeographicSiteFormValues['place'][number]>();
  });

  it("keeps a validated order's nested places unknown: a validated order is form values once they are read as rows", () => {
    // @ts-expect-error: a validated order's nested place holds whatever was sent there
    ((name: Path<ProductOrderFVO>) => name)(`${site}.0.id`);
    expectTypeOf<GeographicSite['place']>().toEqualTypeOf<unknown[]>();
    expectTypeOf<GeographicSite>().not.toExtend<GeographicSiteFormValues>();
    expectTypeOf<ProductOrderItem>().not.toExtend<ProductOrderItemFormValues>();
    expectTypeOf<FormPlaces<ProductOrderItem>>().toExtend<ProductOrderItemFormValues>();
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
  it('takes every valid order as form values, its nested places read as rows, and an emptied select only as form values', () => {
    // per part, not the whole order: three lists deep (items, places, nested places) the compiler
    // stops comparing and calls any two types related, so that `ProductOrderFVO` would pass untested
    expectTypeOf<Omit<ProductOrderFVO, 'productOrderItem'>>().toExtend<
      Omit<ProductOrderFormValues, 'productOrderItem'>
    >();
    expectTypeOf<FormPlaces<ProductOrderItem>>().toExtend<ProductOrderItemFormValues>();
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

/**
 * `T` with each site's nested places read as a form's rows. They are `unknown[]` in a validated order
 * (the specification leaves them open, and so does the validator), an address or a reference each in
 * the form's values; every other field of a validated order is the form's as it is.
 */
type FormPlaces<T> = T extends GeographicSite
  ? Omit<T, 'place'> & { place: GeographicSiteFormValues['place'] }
  : T extends readonly (infer U)[]
    ? FormPlaces<U>[]
    : T extends object
      ? { [K in keyof T]: FormPlaces<T[K]> }
      : T;

type StandardSchemaInput<S extends { '~standard': { types?: { input: unknown } } }> = NonNullable<
  S['~standard']['types']
>['input'];
