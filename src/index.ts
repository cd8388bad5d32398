/**
 * Validates FIT / TMF622 ProductOrder_FVO and InflightChangeProductOrder_FVO create requests: every
 * field bound, the contact-medium and party rules and rules R1 to R14, with violations in English or
 * German; with the types and guards generated from the schema, Standard Schema validators and labels
 * for forms and validators with a carrier's own rules. The HTTP helpers are the subpath
 * `product-order-validator/http`.
 *
 * @module product-order-validator
 */
export { formatMessage, type Lang, langs } from './messages/index.js';

// The labels right after the messages: a bundle keeps the modules' order, and gzip compresses the
// labels' words against what comes before them (0.2 KB less than after the validator's code)

export { labelsDe } from './form-labels/de.js';
export { labelsEn } from './form-labels/en.js';

// then the rest, sorted

export { assertProductOrder, isProductOrderValidationError, ProductOrderValidationError } from './assert.js';
export {
  type CustomFinding,
  type CustomRule,
  defineRule,
  type FoundOf,
  type MessageTable,
  type ValidatorOptions,
  type WithMessage,
} from './custom-rules.js';
export { type Disambiguation, type ToDateTimeOptions, toDateTime, toLocalDateTime } from './form/date-time.js';
export {
  describeField,
  type FieldCondition,
  type FieldFact,
  type FieldFacts,
  type FieldOption,
  type ProductPlaces,
} from './form/field-facts.js';
export { type FormOnlyFinding, type FormOnlyFindingOf, formOnlyRule } from './form/form-only.js';
export {
  defineLabels,
  type LabelContext,
  type LabelMessage,
  type Labels,
  type LabelWords,
  type OwnLabels,
  withLabels,
} from './form/labels.js';
export {
  blankContactMedium,
  blankGeographicAddress,
  blankGeographicSiteCharacteristic,
  blankPlaceRef,
  blankProductOrder,
  blankProductOrderItem,
  blankRelatedParty,
  blankRelatedPlace,
} from './generated/blanks.js';
export * from './generated/guards.js';
export * from './generated/inflight-guards.js';
export type * from './generated/inflight-types.js';
export type { RuleParamsByCode } from './generated/rule-params.js';
export type * from './generated/types.js';
export { inflightRules, validateInflightChangeProductOrder } from './inflight.js';
export { type OrderSchemaWithJson, withJsonSchema } from './json-schema/standard.js';
export type { Target as JsonSchemaTarget } from './json-schema/targets.js';
export { fieldFactsDe } from './registry/field-facts-de.js';
export { fieldFactsEn } from './registry/field-facts-en.js';
export { rules } from './registry/rules.js';
export {
  type CarrierIssue,
  contactMediumSchema,
  createContactMediumSchema,
  createProductOrderItemSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  type FormSchemaOptions,
  type OrderHintNote,
  type OrderIssue,
  type OrderSchema,
  type OrderSchemaFactory,
  type OrderSchemaOptions,
  type OrderSchemaProps,
  productOrderItemSchema,
  productOrderSchema,
  relatedPartySchema,
} from './standard-schema.js';
export {
  type Located,
  type Position,
  type TextValidationResult,
  validateInflightChangeProductOrderText,
  validateProductOrderText,
} from './text/index.js';
export {
  defaultMaxViolations,
  type Truncation,
  type ValidateOptions,
  type ValidationResult,
  validateProductOrder,
  validateWith,
} from './validate.js';
export { createValidator, type Validator } from './validator/index.js';
export type {
  Fault,
  Finding,
  FindingCode,
  FindingOf,
  Hint,
  HintCode,
  OrderRuleId,
  OrderViolation,
  OrderViolationCode,
  ParamsByCode,
  Rule,
  RuleId,
  TextRuleId,
  TextViolation,
  TextViolationCode,
  Violation,
  ViolationCode,
} from './violation.js';
