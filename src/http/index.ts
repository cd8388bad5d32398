/**
 * Framework-free helpers for a service that implements (or calls) the in-flight change API and the
 * listener endpoints: list queries, TMF ErrorMessages and problem details, request checks in the
 * order of the contract, body readers and writers for Node's `http` and WHATWG `Request` /
 * `Response`, and the listener handler. The package's main entry exports them too.
 *
 * @module product-order-validator/http
 */

export type { HttpRuleId, HttpViolation, HttpViolationCode } from '../violation.js';
export {
  type AsyncAuthorize,
  type Authorize,
  type AuthVerdict,
  type OperationId,
  refusal,
  tokenOf,
} from './auth.js';
export {
  type BodyOptions,
  type BodyText,
  defaultBodyTimeoutMs,
  defaultMaxBodyBytes,
  type JsonBodyOptions,
  lingerMs,
  lingerOn,
  maxJsonDepth,
  type NodeBodyOptions,
  type NodeRequest,
  type NodeResponse,
  notJson,
  type ParsedBody,
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
  awaitCallback,
  type CallbackOptions,
  type CallbackTimeLimit,
  type CallbackTimeoutError,
  type CallbackValue,
  defaultCallbackTimeoutMs,
  isCallbackTimeoutError,
} from './callback.js';
export {
  defaultHttpMaxViolations,
  type ErrorFormat,
  type ErrorFormatKind,
  type ErrorFormatOption,
  type ErrorMessage,
  type ErrorOptions,
  type ErrorSource,
  type ErrorStatus,
  errorResponse,
  errorStatuses,
  type HttpError,
  jsonUtf8,
  type ProblemDetails,
  type ProblemError,
  type ProblemResponse,
  type StatusEntry,
  toErrorMessage,
  toProblemDetails,
  toProblemResponse,
} from './error-message.js';
export {
  type EventValidator,
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
export {
  acceptsJson,
  bearerToken,
  type HeadersInput,
  headerOf,
  isJsonContentType,
  preferredLang,
} from './headers.js';
export {
  canonicalJson,
  createMemoryIdempotencyStore,
  defaultIdempotencyBounds,
  defaultIdempotencyTtlMs,
  type IdempotencyEntry,
  type IdempotencyKeyFault,
  type IdempotencyKeyValue,
  type IdempotencyStore,
  idempotencyFingerprint,
  idempotencyKeyHeader,
  type MemoryIdempotencyStore,
  type MemoryIdempotencyStoreOptions,
  maxIdempotencyKeyLength,
  parseIdempotencyKey,
  sha256Hex,
} from './idempotency.js';
export {
  countHeaders,
  defaultPageSize,
  type ListQuery,
  type ListQueryOptions,
  maxPageSize,
  type PageOptions,
  pageBounds,
  paginate,
  parseListQuery,
  type QueryInput,
  type QueryParam,
  selectFields,
} from './list-query.js';
export { createListenerHandler, type ListenerContext, type ListenerHandler, type ListenerOptions } from './listener.js';
export {
  type Accepted,
  type AsyncCheckOptions,
  type CheckedCreate,
  type CheckedHead,
  type CheckedRequest,
  type CheckOptions,
  type CreateHead,
  checkRequest,
  checkRequestBody,
  checkRequestHead,
  type ListOrRetrieve,
  type RequestHead,
  type RequestParts,
  targetParts,
} from './request.js';
export type { ErrorCause } from './wording.js';
