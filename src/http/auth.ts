// OAuth2ClientCredentials on every operation: the bearer token's presence and form (401), and the
// service's own verdict on the token for an operation (401 invalid, 403 insufficient permission).
import type { Lang } from '../messages/index.js';
import { errorResponse, type HttpError } from './error-message.js';
import { bearerToken, type HeadersInput, headerOf } from './headers.js';

/** The operation ids of the specification, and TMF622's `createProductOrder` for the product order create. */
export type OperationId =
  | 'createProductOrder'
  | 'createInflightChangeProductOrder'
  | 'listInflightChangeProductOrder'
  | 'retrieveInflightChangeProductOrder'
  | 'listenToAppointmentAttributeValueChangeEvent'
  | 'listenToAppointmentCreateEvent'
  | 'listenToAppointmentDeleteEvent'
  | 'listenToAppointmentStateChangeEvent'
  | 'listenToSearchTimeSlotAttributeValueChangeEvent'
  | 'listenToSearchTimeSlotStateChangeEvent';

/** The service's verdict on a token: `true` permits, `false` forbids (403), `'invalid'` rejects the token (401). */
export type AuthVerdict = boolean | 'invalid';

/** Decides whether `token` may run `operation`: checks its validity and scopes, which the spec leaves open. */
export type Authorize = (token: string, operation: OperationId) => AuthVerdict;

/** An {@link Authorize} that answers later, as one that asks the OAuth 2.0 server (token introspection) does. */
export type AsyncAuthorize = (token: string, operation: OperationId) => PromiseLike<AuthVerdict>;

/** Whether a value is a promise or another thenable, to be awaited. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function';

/** The bearer token of the request, or the 401 to answer when it is missing or malformed. */
export function tokenOf(
  headers: HeadersInput | undefined,
  lang?: Lang,
):
  | {
      /** Always true: the request has a well-formed bearer token. */
      ok: true;
      /** The bearer token. */
      token: string;
    }
  | HttpError {
  const bearer = bearerToken(headerOf(headers, 'authorization'));
  if ('token' in bearer) return { ok: true, token: bearer.token };
  return errorResponse(401, undefined, {
    lang,
    headers: { 'www-authenticate': bearer.fault === 'missing' ? 'Bearer' : 'Bearer error="invalid_request"' },
  });
}

/** The 401 or 403 a verdict other than `true` gives, or undefined when it permits. */
export function refusal(verdict: AuthVerdict, lang?: Lang): HttpError | undefined {
  if (verdict === true) return undefined;
  if (verdict === 'invalid')
    return errorResponse(401, undefined, { lang, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
  return errorResponse(403, undefined, { lang, headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' } });
}
