// The types each adapter exports beside its productOrderRoutes.

export type { ErrorFormat, ErrorFormatKind, ErrorFormatOption } from '../http/error-message.js';
export type { IdempotencyEntry, IdempotencyStore } from '../http/idempotency.js';
export type { BodyParserWarning, RouteError, RouteErrorSource, UnkeptPromise } from './route-error.js';
export type {
  Authenticate,
  BodyContext,
  EventContext,
  IdempotencyOptions,
  InflightChangeResource,
  InflightChangeStore,
  ListAnswer,
  OrderValidator,
  ProductOrderRoutesOptions,
  Refusal,
  ReportedViolation,
  RouteContext,
  RouteOperation,
  RouteOutcome,
} from './routes.js';
