export { assertProductOrder, ProductOrderValidationError } from './assert.js';
export * from './generated/guards.js';
export type * from './generated/types.js';
export { formatMessage, type Lang } from './messages/index.js';
export { rules } from './rules/index.js';
export {
  contactMediumSchema,
  createContactMediumSchema,
  createProductOrderItemSchema,
  createProductOrderSchema,
  createRelatedPartySchema,
  type OrderIssue,
  type OrderSchema,
  type OrderSchemaOptions,
  type OrderSchemaProps,
  productOrderItemSchema,
  productOrderSchema,
  relatedPartySchema,
} from './standard-schema.js';
export { type ValidateOptions, type ValidationResult, validateProductOrder } from './validate.js';
export type { Finding, Rule, RuleId, Violation, ViolationCode } from './violation.js';
