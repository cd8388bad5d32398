// The ErrorMessage body of every error response, its RFC 9457 alternative, and the table that maps
// each condition to its status.
import { httpWords, type Lang } from '../messages/index.js';
import type { Truncation } from '../validate.js';
import type { Violation } from '../violation.js';

/** The statuses of the error responses, each produced by one condition of {@link errorStatuses}. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 408 | 409 | 413 | 415 | 429 | 500 | 501 | 503;

/**
 * How many violations an error response lists unless told otherwise: a partner sees enough to fix
 * a round of faults, and no request can make an error body larger than about 10 KB.
 */
export const defaultHttpMaxViolations = 20;

/** What an error status means: its stable code, its reason phrase and a description per language. */
export interface StatusEntry {
  /** Stable snake_case code, the ErrorMessage `code`. */
  readonly code: string;
  /** The HTTP reason phrase, the ErrorMessage `reason` and the problem `title`. */
  readonly reason: string;
  /** The condition that produces the status, in English and German. */
  readonly text: Readonly<Record<Lang, string>>;
}

/** Which condition produces which status: the mapping the specification leaves open. */
export const errorStatuses: Readonly<Record<ErrorStatus, StatusEntry>> = Object.freeze({
  400: {
    code: 'invalid_request',
    reason: 'Bad Request',
    text: {
      en: 'The request breaks the specification: an invalid body, malformed JSON or an invalid query parameter.',
      de: 'Die Anfrage verletzt die Spezifikation: ungültiger Inhalt, fehlerhaftes JSON oder ungültiger Abfrageparameter.',
    },
  },
  401: {
    code: 'unauthorized',
    reason: 'Unauthorized',
    text: {
      en: 'The credentials are missing or invalid: send an OAuth 2.0 bearer token.',
      de: 'Die Zugangsdaten fehlen oder sind ungültig: senden Sie ein OAuth-2.0-Bearer-Token.',
    },
  },
  403: {
    code: 'forbidden',
    reason: 'Forbidden',
    text: {
      en: 'The credentials do not permit this operation.',
      de: 'Die Zugangsdaten berechtigen nicht zu dieser Operation.',
    },
  },
  404: {
    code: 'not_found',
    reason: 'Not Found',
    text: { en: 'No resource exists at this path.', de: 'Unter diesem Pfad gibt es keine Ressource.' },
  },
  405: {
    code: 'method_not_allowed',
    reason: 'Method Not Allowed',
    text: {
      en: 'This path does not allow this method; the Allow header lists those it does.',
      de: 'Dieser Pfad erlaubt diese Methode nicht; der Allow-Header nennt die erlaubten.',
    },
  },
  406: {
    code: 'not_acceptable',
    reason: 'Not Acceptable',
    text: {
      en: 'The Accept header admits no media type this API answers with (application/json).',
      de: 'Der Accept-Header lässt keinen Medientyp zu, mit dem diese API antwortet (application/json).',
    },
  },
  408: {
    code: 'request_timeout',
    reason: 'Request Timeout',
    text: {
      en: 'The body did not arrive in time.',
      de: 'Der Inhalt ist nicht rechtzeitig angekommen.',
    },
  },
  409: {
    code: 'conflict',
    reason: 'Conflict',
    text: {
      en: 'The request conflicts with the current state of the resource.',
      de: 'Die Anfrage steht im Widerspruch zum aktuellen Zustand der Ressource.',
    },
  },
  413: {
    code: 'payload_too_large',
    reason: 'Content Too Large',
    text: {
      en: 'The body is larger than the server accepts.',
      de: 'Der Inhalt ist größer, als der Server annimmt.',
    },
  },
  415: {
    code: 'unsupported_media_type',
    reason: 'Unsupported Media Type',
    text: {
      en: 'The body must be sent as application/json (charset utf-8).',
      de: 'Der Inhalt muss als application/json (Zeichensatz utf-8) gesendet werden.',
    },
  },
  429: {
    code: 'too_many_requests',
    reason: 'Too Many Requests',
    text: { en: 'Too many requests: retry later.', de: 'Zu viele Anfragen: versuchen Sie es später erneut.' },
  },
  500: {
    code: 'internal_error',
    reason: 'Internal Server Error',
    text: {
      en: 'The server failed to process the request.',
      de: 'Der Server konnte die Anfrage nicht verarbeiten.',
    },
  },
  501: {
    code: 'not_implemented',
    reason: 'Not Implemented',
    text: {
      en: 'The server does not implement this operation.',
      de: 'Der Server unterstützt diese Operation nicht.',
    },
  },
  503: {
    code: 'service_unavailable',
    reason: 'Service Unavailable',
    text: {
      en: 'The service is unavailable: retry later.',
      de: 'Der Dienst ist nicht verfügbar: versuchen Sie es später erneut.',
    },
  },
});

/** A TMF ErrorMessage (TMF630 `Error`), with every violation listed. */
export interface ErrorMessage {
  /** Always `Error`. */
  readonly '@type': 'Error';
  /** Stable snake_case code of the condition, from {@link errorStatuses}. */
  readonly code: string;
  /** The HTTP reason phrase. */
  readonly reason: string;
  /** What went wrong, followed by each violation as `path: message`. */
  readonly message: string;
  /** The HTTP status, as a string as TMF writes it. */
  readonly status: string;
  /** A URI documenting the error, when one was given. */
  readonly referenceError?: string;
  /** The violations, the first by path, at most `maxViolations` of them. */
  readonly violations?: readonly Violation[];
  /** Present when there were more violations than are listed: how many more. */
  readonly truncated?: Truncation;
}

/** An RFC 9457 problem details body, with each violation in `errors`. */
export interface ProblemDetails {
  /** `about:blank`, or the URI given. */
  readonly type: string;
  /** The HTTP reason phrase. */
  readonly title: string;
  /** The HTTP status. */
  readonly status: number;
  /** What went wrong. */
  readonly detail: string;
  /** Each violation listed: its message and a JSON Pointer (as a URI fragment) into the request body. */
  readonly errors?: ReadonlyArray<{ readonly detail: string; readonly pointer: string }>;
  /** Present when there were more violations than are listed: how many more. */
  readonly truncated?: Truncation;
}

/** Options of {@link toErrorMessage} and {@link toProblemDetails}. */
export interface ErrorOptions {
  /** The status (default: 400 when there are violations, else 500). */
  readonly status?: ErrorStatus;
  /** Replaces the description of the status. */
  readonly message?: string;
  /** Language of the description (default English); violations keep the language they were rendered in. */
  readonly lang?: Lang;
  /** A URI documenting the error: ErrorMessage `referenceError`, problem `type`. */
  readonly referenceError?: string;
  /** List at most this many violations (default {@link defaultHttpMaxViolations}), and say how many more there were. */
  readonly maxViolations?: number;
}

/** What an error body is built from: a validation result, or nothing. */
export type ErrorSource = { readonly violations?: readonly Violation[]; readonly truncated?: Truncation } | undefined;

function described(source: ErrorSource, options: ErrorOptions = {}) {
  const all = source?.violations ?? [];
  const status = options.status ?? (all.length ? 400 : 500);
  const entry = errorStatuses[status] ?? errorStatuses[500];
  const lang = options.lang === 'de' ? 'de' : 'en';
  const max = options.maxViolations;
  const violations = all.slice(0, typeof max === 'number' && max >= 0 ? max : defaultHttpMaxViolations);
  const more = all.length - violations.length + (source?.truncated?.more ?? 0);
  const stopped = source?.truncated?.stopped === true;
  const truncated = more > 0 || stopped ? { more, stopped } : undefined;
  const detail = options.message ?? entry.text[lang];
  return {
    violations,
    status,
    entry,
    detail,
    truncated,
    tail: truncated ? httpWords(lang).notListed(more, stopped) : undefined,
  };
}

/**
 * The TMF ErrorMessage body of a failed request: code, reason, message, status, and the violations,
 * at most `maxViolations` of them, with how many more there were.
 * @param source - a validation result (or anything with `violations`), or undefined
 */
export function toErrorMessage(source: ErrorSource, options?: ErrorOptions): ErrorMessage {
  const { violations, status, entry, detail, truncated, tail } = described(source, options);
  const listed = violations.map((v) => `${v.path || '/'}: ${v.message}`);
  return {
    '@type': 'Error',
    code: entry.code,
    reason: entry.reason,
    message: [detail, ...listed, ...(tail ? [tail] : [])].join(' '),
    status: String(status),
    ...(options?.referenceError ? { referenceError: options.referenceError } : {}),
    ...(violations.length ? { violations } : {}),
    ...(truncated ? { truncated } : {}),
  };
}

/**
 * The RFC 9457 `application/problem+json` body of a failed request, with an `errors` array of
 * `{ detail, pointer }`, at most `maxViolations` of them, with how many more there were.
 */
export function toProblemDetails(source: ErrorSource, options?: ErrorOptions): ProblemDetails {
  const { violations, status, entry, detail, truncated, tail } = described(source, options);
  return {
    type: options?.referenceError ?? 'about:blank',
    title: entry.reason,
    status,
    detail: tail ? `${detail} ${tail}` : detail,
    ...(violations.length ? { errors: violations.map((v) => ({ detail: v.message, pointer: fragment(v.path) })) } : {}),
    ...(truncated ? { truncated } : {}),
  };
}

/** A JSON Pointer in its URI fragment form (RFC 6901 section 6), as RFC 9457's example writes it. */
function fragment(path: string): string {
  return `#${path.replace(/[^\w\-.~!$&'()*+,;=:@/?]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  })}`;
}

/** A failed request: the status, the headers and the ErrorMessage body to answer with. */
export interface HttpError {
  readonly ok: false;
  readonly status: ErrorStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: ErrorMessage;
}

/** The content type of ErrorMessage bodies on the in-flight change operations. */
export const jsonUtf8 = 'application/json;charset=utf-8';

/**
 * The error response of `status`: its ErrorMessage body and headers (`content-type`, plus `headers`).
 * @param source - the violations to list, if any
 */
export function errorResponse(
  status: ErrorStatus,
  source?: ErrorSource,
  options?: Omit<ErrorOptions, 'status'> & { readonly headers?: Readonly<Record<string, string>> },
): HttpError {
  return {
    ok: false,
    status,
    headers: { 'content-type': jsonUtf8, ...options?.headers },
    body: toErrorMessage(source, { ...options, status }),
  };
}
