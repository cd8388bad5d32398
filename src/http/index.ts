// product-order-validator/http: framework-free helpers for services that implement or call the API.
export { type Authorize, type AuthVerdict, type OperationId, refusal, tokenOf } from './auth.js';
export {
  type BodyOptions,
  type BodyText,
  defaultMaxBodyBytes,
  type NodeRequest,
  type NodeResponse,
  parseJsonBody,
  type Reply,
  readFetchBody,
  readNodeBody,
  sendNode,
  toFetchResponse,
} from './body.js';
export {
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
  type ListQuery,
  type ListQueryOptions,
  paginate,
  parseListQuery,
  type QueryInput,
  type QueryParam,
  selectFields,
} from './list-query.js';
export { createListenerHandler, type ListenerContext, type ListenerHandler, type ListenerOptions } from './listener.js';
export { type CheckedRequest, type CheckOptions, checkRequest, type RequestParts } from './request.js';
