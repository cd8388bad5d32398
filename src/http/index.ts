// product-order-validator/http: framework-free helpers for services that implement or call the API.

export type { HttpRuleId, HttpViolation, HttpViolationCode } from '../violation.js';
export { type Authorize, type AuthVerdict, type OperationId, refusal, tokenOf } from './auth.js';
export {
  type BodyOptions,
  type BodyText,
  defaultBodyTimeoutMs,
  defaultMaxBodyBytes,
  lingerMs,
  maxJsonDepth,
  type NodeBodyOptions,
  type NodeRequest,
  type NodeResponse,
  parseJsonBody,
  type Reply,
  readFetchBody,
  readNodeBody,
  type SerializedReply,
  sendNode,
  serializeReply,
  toFetchResponse,
} from './body.js';
export {
  defaultHttpMaxViolations,
  type ErrorMessage,
  type ErrorOptions,
  type ErrorSource,
  type ErrorStatus,
  errorResponse,
  errorStatuses,
  type HttpError,
  jsonUtf8,
  type ProblemDetails,
  type StatusEntry,
  toErrorMessage,
  toProblemDetails,
} from './error-message.js';
export {
  type ListenerEvent,
  type ListenerEventType,
  listeners,
  validateAppointmentAttributeValueChangeEvent,
  validateAppointmentCreateEvent,
  validateAppointmentDeleteEvent,
  validateAppointmentStateChangeEvent,
  validateListenerEvent,
  validateSearchTimeSlotAttributeValueChangeEvent,
  validateSearchTimeSlotStateChangeEvent,
} from './events.js';
export { acceptsJson, bearerToken, type HeadersInput, headerOf, isJsonContentType } from './headers.js';
export {
  countHeaders,
  defaultPageSize,
  type ListQuery,
  type ListQueryOptions,
  maxPageSize,
  type PageOptions,
  paginate,
  parseListQuery,
  type QueryInput,
  type QueryParam,
  selectFields,
} from './list-query.js';
export { createListenerHandler, type ListenerContext, type ListenerHandler, type ListenerOptions } from './listener.js';
export {
  type CheckedCreate,
  type CheckedHead,
  type CheckedRequest,
  type CheckOptions,
  type CreateHead,
  checkRequest,
  checkRequestBody,
  checkRequestHead,
  type RequestHead,
  type RequestParts,
  targetParts,
} from './request.js';
