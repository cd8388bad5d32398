// The types each adapter exports beside its productOrderRoutes.

export type { ErrorFormat, ErrorFormatKind, ErrorFormatOption } from '../http/error-message.js';
export type {
  EventContext,
  InflightChangeResource,
  InflightChangeStore,
  ListAnswer,
  OrderValidator,
  ProductOrderRoutesOptions,
  Refusal,
  ReportedViolation,
  RouteContext,
  RouteOperation,
} from './routes.js';
