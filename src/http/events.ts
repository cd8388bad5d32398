// The bodies of the six listener endpoints: TMF646 v4 event envelopes around an Appointment or a
// SearchTimeSlot, as FIT 646 sends them.
import { dateTimeFault, elementsOf, Findings, isRecord, own, type Work } from '../read.js';
import { isDateTime } from '../schema-runtime.js';
import { type ValidateOptions, type ValidationResult, validateAs } from '../validate.js';
import type { HttpViolation, Rule } from '../violation.js';

/** The six event types the client listeners receive. */
export type ListenerEventType =
  | 'AppointmentAttributeValueChangeEvent'
  | 'AppointmentCreateEvent'
  | 'AppointmentDeleteEvent'
  | 'AppointmentStateChangeEvent'
  | 'SearchTimeSlotAttributeValueChangeEvent'
  | 'SearchTimeSlotStateChangeEvent';

/** A TMF646 v4 event as a listener receives it. */
export interface ListenerEvent {
  /** The event's identifier. */
  readonly eventId?: string;
  /** When the event occurred: an RFC 3339 date-time, whose offset may be left out. */
  readonly eventTime?: string;
  /** The event type, such as `AppointmentCreateEvent`. */
  readonly eventType?: string;
  /** TMF646 v4 spelling. */
  readonly timeOcurred?: string;
  /** TMF v5 spelling, accepted as well. */
  readonly timeOccurred?: string;
  /** The payload: `appointment` or `searchTimeSlot`. */
  readonly event: {
    /** The appointment, in the events of an appointment. */
    readonly appointment?: Record<string, unknown>;
    /** The search time slot, in the events of a search time slot. */
    readonly searchTimeSlot?: Record<string, unknown>;
  };
  readonly [property: string]: unknown;
}

/** Each listener: its path (below the base address), event type, operation id and payload key. */
export const listeners = /* @__PURE__ */ listenerTable();

function listenerTable() {
  const types = [
    ['AppointmentAttributeValueChangeEvent', 'appointment'],
    ['AppointmentCreateEvent', 'appointment'],
    ['AppointmentDeleteEvent', 'appointment'],
    ['AppointmentStateChangeEvent', 'appointment'],
    ['SearchTimeSlotAttributeValueChangeEvent', 'searchTimeSlot'],
    ['SearchTimeSlotStateChangeEvent', 'searchTimeSlot'],
  ] as const;
  return Object.freeze(
    types.map(([type, payload]) => ({
      /** The listener's path below the base address, such as `/listener/appointmentCreateEvent`. */
      path: `/listener/${type[0].toLowerCase()}${type.slice(1)}`,
      /** The event type the listener receives. */
      type,
      /** The operation id, as `authorize` is asked about it: `listenTo` and the event type. */
      operation: `listenTo${type}` as const,
      /** The key of the event's payload: `appointment` or `searchTimeSlot`. */
      payload,
    })),
  );
}

/** The string fields of the envelope. */
export const texts = [
  'id',
  'href',
  '@type',
  '@baseType',
  '@schemaLocation',
  'eventId',
  'correlationId',
  'domain',
  'title',
  'description',
  'priority',
] as const;
/** The date-time fields of the envelope. */
export const times = ['eventTime', 'timeOcurred', 'timeOccurred'] as const;

/** A date-time of RFC 3339; one without offset too, as FIT examples send event times. */
const isEventTime = (value: string) => isDateTime(value) || isDateTime(`${value}Z`);

function checkTexts(found: Findings, data: Readonly<Record<string, unknown>>, path: string, names: readonly string[]) {
  for (const name of names) {
    const value = own(data, name, data[name]);
    if (value !== undefined && typeof value !== 'string') found.wrongType(`${path}/${name}`, 'string', value);
  }
}

/** A string that is no event time: a date-time whose offset may be left out. */
function eventTimeFault(found: Findings, path: string, value: string): void {
  // judged as if it had an offset, so the reason names the real fault, never the offset
  const judged = /[Tt]\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/.test(value) ? `${value}Z` : value;
  found.add('invalid_date_time', path, { format: 'date-time', ...dateTimeFault(judged), offset: 'optional' });
}

function checkTimes(found: Findings, data: Readonly<Record<string, unknown>>, path: string, names: readonly string[]) {
  for (const name of names) {
    const value = own(data, name, data[name]);
    if (value === undefined) continue;
    if (typeof value !== 'string') found.wrongType(`${path}/${name}`, 'string', value);
    else if (!isEventTime(value)) eventTimeFault(found, `${path}/${name}`, value);
  }
}

/** The payload's own checks: an object with string ids, its dates and time periods of date-times. */
function checkPayload(found: Findings, payload: Readonly<Record<string, unknown>>, path: string) {
  checkTexts(found, payload, path, ['id', 'href', '@type', 'status']);
  checkTimes(found, payload, path, ['creationDate', 'lastUpdate', 'searchDate']);
  const period = own(payload, 'validFor', payload.validFor);
  if (period !== undefined) {
    if (!isRecord(period)) found.wrongType(`${path}/validFor`, 'object', period);
    else checkTimes(found, period, `${path}/validFor`, ['startDateTime', 'endDateTime']);
  }
  for (const name of ['availableTimeSlot', 'requestedTimeSlot', 'relatedEntity', 'relatedParty', 'note']) {
    const value = own(payload, name, payload[name]);
    if (value === undefined || (name === 'relatedParty' && isRecord(value))) continue;
    if (!Array.isArray(value)) found.wrongType(`${path}/${name}`, 'array', value);
    else {
      const n = found.visit(value);
      const elements = elementsOf(value, n);
      for (let i = 0; i < n; i++)
        if (!isRecord(elements[i])) found.wrongType(`${path}/${name}/${i}`, 'object', elements[i]);
    }
  }
}

/** The rule R-event for one event type: the envelope's fields, the event type, and the payload. */
function eventRule(type: ListenerEventType, payload: 'appointment' | 'searchTimeSlot'): Rule {
  return Object.freeze({
    id: 'R-event',
    title: `A ${type} is a TMF646 event envelope whose event holds the ${payload}.`,
    check(input: unknown, work?: Work) {
      const found = new Findings('R-event', work);
      if (!isRecord(input)) {
        found.wrongType('', 'object', input);
        return found.done();
      }
      checkTexts(found, input, '', [...texts, 'eventType']);
      checkTimes(found, input, '', times);
      const eventType = own(input, 'eventType', input.eventType);
      if (typeof eventType === 'string' && eventType !== type)
        found.add('not_allowed', '/eventType', { allowed: [type] });
      const event = own(input, 'event', input.event);
      const body = isRecord(event) ? own(event, payload, event[payload]) : undefined;
      if (event === undefined) found.missing('', 'event');
      else if (!isRecord(event)) found.wrongType('/event', 'object', event);
      else if (body === undefined) found.missing('/event', payload);
      else if (!isRecord(body)) found.wrongType(`/event/${payload}`, 'object', body);
      else checkPayload(found, body, `/event/${payload}`);
      return found.done();
    },
  });
}

let rules: ReadonlyMap<string, Rule> | undefined;
/** The rule of each listener's event type, made on first use. */
const rulesByType = () => (rules ??= new Map(listeners.map((l) => [l.type, eventRule(l.type, l.payload)])));

/** What an event type none of the listeners receives gives: the type asked for is at fault, not the body. */
const unknownType = (type: unknown): Rule =>
  Object.freeze({
    id: 'R-event',
    title: 'The event type is one of the six the listeners receive.',
    check(_: unknown, work?: Work) {
      const found = new Findings('R-event', work);
      found.add('unknown_event_type', '', { type: String(type), allowed: listeners.map((l) => l.type) });
      return found.done();
    },
  });

/**
 * Checks the body of a listener notification of `type`: the TMF646 envelope (string fields, event
 * times, `eventType` equal to `type` when given), and `event.appointment` or `event.searchTimeSlot`
 * as an object. Never throws.
 */
export function validateListenerEvent(
  type: ListenerEventType,
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<ListenerEvent, HttpViolation> {
  return validateAs<ListenerEvent, HttpViolation>(
    'event',
    [rulesByType().get(type) ?? unknownType(type)],
    input,
    options,
  );
}

/** Checks the body of one listener's event: the result of {@link validateListenerEvent} for its type. Never throws. */
export type EventValidator = (
  input: unknown,
  options?: ValidateOptions,
) => ValidationResult<ListenerEvent, HttpViolation>;
const validator =
  (type: ListenerEventType): EventValidator =>
  (input, options) =>
    validateListenerEvent(type, input, options);

/** Checks an AppointmentAttributeValueChangeEvent body. */
export const validateAppointmentAttributeValueChangeEvent = /* @__PURE__ */ validator(
  'AppointmentAttributeValueChangeEvent',
);
/** Checks an AppointmentCreateEvent body. */
export const validateAppointmentCreateEvent = /* @__PURE__ */ validator('AppointmentCreateEvent');
/** Checks an AppointmentDeleteEvent body. */
export const validateAppointmentDeleteEvent = /* @__PURE__ */ validator('AppointmentDeleteEvent');
/** Checks an AppointmentStateChangeEvent body. */
export const validateAppointmentStateChangeEvent = /* @__PURE__ */ validator('AppointmentStateChangeEvent');
/** Checks a SearchTimeSlotAttributeValueChangeEvent body. */
export const validateSearchTimeSlotAttributeValueChangeEvent = /* @__PURE__ */ validator(
  'SearchTimeSlotAttributeValueChangeEvent',
);
/** Checks a SearchTimeSlotStateChangeEvent body. */
export const validateSearchTimeSlotStateChangeEvent = /* @__PURE__ */ validator('SearchTimeSlotStateChangeEvent');
