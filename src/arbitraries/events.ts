// Arbitraries of the listener events: TMF646 v4 envelopes around an Appointment or a SearchTimeSlot,
// as a carrier's FIT 646 service sends them to a partner's listeners, and ones with exactly one fault
// of R-event, each with the violation it gives.
import fc from 'fast-check';
import { type ListenerEvent, type ListenerEventType, listeners, texts, times } from '../http/events.js';
import type { RuleId, ViolationCode } from '../violation.js';

export type { ListenerEvent, ListenerEventType } from '../http/events.js';

/** Which listener events to make; left out, any of the six types. */
export interface EventOptions {
  /** The event type, or the types to pick from. */
  readonly type?: ListenerEventType | readonly ListenerEventType[];
}

/** Which faulty listener events to make; each option left out allows any. */
export interface EventFaultOptions extends EventOptions {
  /** The code of the one violation the event gives: one of `eventFaultCodes['R-event']`. */
  readonly code?: ViolationCode;
}

/** A listener event with one fault of R-event, and the one violation it gives. */
export interface FaultyEvent {
  /** The event type it was made for: the listener to send it to. */
  readonly type: ListenerEventType;
  /** The body a listener receives; not always an object (an array, a string, null...). */
  readonly event: unknown;
  /** The one violation `validateListenerEvent` gives for it, for the type it was made for. */
  readonly expected: { readonly rule: 'R-event'; readonly code: ViolationCode; readonly path: string };
}

type Json = Record<string, unknown>;
type Listener = (typeof listeners)[number];

const seconds = 1000;
const minutes = 60 * seconds;
const hours = 60 * minutes;
const days = 24 * hours;

/** The last Sunday of `month` (0-based) in `year`, at 01:00 UTC: when German summer time begins or ends. */
function lastSunday(year: number, month: number): number {
  const end = new Date(Date.UTC(year, month + 1, 0, 1));
  return end.getTime() - end.getUTCDay() * days;
}

/** The offset of German local time at `ms`, in hours: 2 in summer time, else 1. */
function berlinOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSunday(year, 2) && ms < lastSunday(year, 9) ? 2 : 1;
}

/** `ms` as German local time in RFC 3339, with its offset (`+01:00`, `+02:00`) or, as FIT examples send event times, without. */
function berlin(ms: number, withOffset = true): string {
  const offset = berlinOffset(ms);
  const local = new Date(ms + offset * hours).toISOString().slice(0, 19);
  return withOffset ? `${local}+0${offset}:00` : local;
}

/** `ms` moved to `hour` o'clock German time on the same day, or on the Monday after when it is a weekend. */
function workdayAt(ms: number, hour: number): number {
  const day = new Date(ms + berlinOffset(ms) * hours);
  const skip = day.getUTCDay() === 6 ? 2 : day.getUTCDay() === 0 ? 1 : 0;
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + skip);
  return midnight + (hour - berlinOffset(midnight + 12 * hours)) * hours;
}

const host = 'https://api.carrier.example/tmf-api';
const orderRef = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map((n) => ({
  '@type': 'AppointmentRelatedEntityRefOrValue',
  role: 'productOrder',
  entity: {
    id: String(n),
    href: `${host}/productOrderingManagement/v4/productOrder/${n}`,
    '@referredType': 'ProductOrder',
  },
}));

/** When things happen: the payload made on a workday between 07:00 and 19:00, then changed, the event occurred and sent, the slot booked. */
const timeline = fc.record({
  day: fc.integer({ min: 0, max: (Date.UTC(2027, 11, 31) - Date.UTC(2024, 0, 1)) / days }),
  second: fc.integer({ min: 0, max: 12 * 60 * 60 - 1 }),
  changedAfter: fc.integer({ min: 1, max: 14 * 24 * 60 }),
  occurredAfter: fc.integer({ min: 0, max: 120 }),
  sentAfter: fc.integer({ min: 0, max: 30 }),
  daysAhead: fc.integer({ min: 2, max: 42 }),
  hour: fc.integer({ min: 7, max: 15 }),
  length: fc.constantFrom(2, 4),
});
type Timeline = typeof timeline extends fc.Arbitrary<infer T> ? T : never;

/** The statuses an appointment has in each of its events (AppointmentStateType). */
const appointmentStatus: Readonly<Record<string, readonly string[]>> = {
  AppointmentCreateEvent: ['initialized', 'confirmed'],
  AppointmentAttributeValueChangeEvent: ['confirmed'],
  AppointmentStateChangeEvent: ['confirmed', 'completed', 'failed', 'cancelled'],
  AppointmentDeleteEvent: ['cancelled'],
  SearchTimeSlotAttributeValueChangeEvent: ['inProgress', 'done'],
  SearchTimeSlotStateChangeEvent: ['inProgress', 'done', 'rejected', 'terminatedWithError'],
};

/**
 * The dates of an event in order: made ≤ changed ≤ occurred ≤ sent, the booked slot after them, or
 * between made and changed when it is over (`completed`, `failed`).
 */
function datesOf(t: Timeline, status: string, created: boolean) {
  const made = workdayAt(Date.UTC(2024, 0, 1) + t.day * days, 7) + t.second * seconds;
  const over = status === 'completed' || status === 'failed';
  const changedAfter = (after: number) => (created ? after : after + t.changedAfter * minutes);
  const slot = (after: number) => {
    const start = workdayAt(after + t.daysAhead * days, t.hour);
    return { start, end: start + t.length * hours };
  };
  const { start, end } = slot(over ? made : changedAfter(made));
  const changed = over ? changedAfter(end) : changedAfter(made);
  const occurred = changed + t.occurredAfter * seconds;
  return { made, changed, occurred, sent: occurred + t.sentAfter * seconds, start, end };
}

/** Valid events of one listener's type. */
function eventOf(listener: Listener): fc.Arbitrary<ListenerEvent> {
  const { type, payload } = listener;
  const appointment = payload === 'appointment';
  return fc
    .record({
      eventId: fc.uuid({ version: 4 }),
      correlationId: fc.option(fc.uuid({ version: 4 }), { nil: undefined }),
      id: fc.uuid({ version: 4 }),
      status: fc.constantFrom(...(appointmentStatus[type] ?? [])),
      t: timeline,
      offset: fc.boolean(),
      v5: fc.boolean(),
      order: orderRef,
      slots: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ eventId, correlationId, id, status, t, offset, v5, order, slots }): ListenerEvent => {
      const d = datesOf(t, status, type === 'AppointmentCreateEvent');
      const validFor = (start: number, end: number) => ({ startDateTime: berlin(start), endDateTime: berlin(end) });
      const body: Json = appointment
        ? {
            id,
            href: `${host}/appointment/v4/appointment/${id}`,
            '@type': 'Appointment',
            status,
            creationDate: berlin(d.made),
            lastUpdate: berlin(d.changed),
            validFor: validFor(d.start, d.end),
            relatedEntity: [order],
          }
        : {
            id,
            href: `${host}/appointment/v4/searchTimeSlot/${id}`,
            '@type': 'SearchTimeSlot',
            status,
            searchDate: berlin(d.changed),
            requestedTimeSlot: [{ '@type': 'TimeSlot', validFor: validFor(d.start, d.start + 14 * days) }],
            availableTimeSlot:
              status === 'done'
                ? Array.from({ length: slots }, (_, i) => {
                    const start = workdayAt(d.start + i * days, t.hour);
                    return {
                      id: `${id}-${i + 1}`,
                      '@type': 'TimeSlot',
                      validFor: validFor(start, start + t.length * hours),
                    };
                  })
                : [],
            relatedEntity: [order],
          };
      return {
        eventId,
        eventTime: berlin(d.sent, offset),
        eventType: type,
        ...(correlationId === undefined ? {} : { correlationId }),
        [v5 ? 'timeOccurred' : 'timeOcurred']: berlin(d.occurred, offset),
        event: { [payload]: body },
      };
    });
}

const listenerOf = new Map(listeners.map((l) => [l.type, l]));

/** The listeners of `options.type`, or a RangeError naming the six types. */
function listenersOf(options: EventOptions): readonly Listener[] {
  const asked = options.type === undefined ? undefined : Array.isArray(options.type) ? options.type : [options.type];
  if (asked === undefined) return listeners;
  const chosen = asked.map((type) => listenerOf.get(type as ListenerEventType));
  const allowed = listeners.map((l) => l.type).join(', ');
  if (chosen.length === 0) throw new RangeError(`no listener event type asked for: one or more of ${allowed}`);
  chosen.forEach((l, i) => {
    if (l === undefined) throw new RangeError(`no listener event of type ${String(asked[i])}: one of ${allowed}`);
  });
  return chosen as Listener[];
}

/**
 * Valid TMF646 v4 events as a carrier's FIT 646 service sends them to the listener of their type:
 * `eventId` a UUID, `eventTime` and `timeOcurred` (or the v5 `timeOccurred`) in German time after the
 * payload's dates, and an Appointment (id, href, status, creation and update dates, the booked
 * `validFor`) or a SearchTimeSlot (requested and available slots) that refers to a product order.
 * Each passes `validateListenerEvent` for its `eventType`.
 * @throws RangeError for a type none of the six listeners receives.
 */
export function listenerEvent(options: EventOptions = {}): fc.Arbitrary<ListenerEvent> {
  return fc.oneof(...listenersOf(options).map(eventOf));
}

/** A fault of one event: the code and path it gives, and what it does to a copy of a valid event. */
interface Fault {
  readonly code: ViolationCode;
  readonly path: string;
  /** Breaks a copy of a valid event in place. */
  readonly apply?: (event: Json) => void;
  /** What replaces the valid event (a root that is no object). */
  readonly replace?: (event: Json) => unknown;
}
type FaultMaker = (listener: Listener) => fc.Arbitrary<Fault>;

const lists = ['availableTimeSlot', 'requestedTimeSlot', 'relatedEntity', 'relatedParty', 'note'];

const notString = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.array(fc.constant('A-1'), { minLength: 1, maxLength: 2 }),
);
const notObject = fc.oneof(fc.constant('{}'), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]));
const notArray = (name: string) =>
  fc.oneof(fc.constant('[]'), fc.integer(), fc.constant(null), ...(name === 'relatedParty' ? [] : [fc.constant({})]));

/** Ways to break a date-time a German partner meets: each leaves no RFC 3339 date-time. */
const breakTime: readonly ((time: string) => string)[] = [
  (time) => `${time.slice(8, 10)}.${time.slice(5, 7)}.${time.slice(0, 4)} ${time.slice(11, 16)}`,
  (time) => time.slice(0, 10),
  (time) => time.slice(0, 16),
  (time) => time.replace('T', ' '),
  (time) => `${time.slice(0, 5)}02-30${time.slice(10)}`,
  (time) => `${time.slice(0, 11)}25${time.slice(13)}`,
];

const at = (listener: Listener, path = '') => `/event/${listener.payload}${path}`;

/** A fault that puts at `path` a broken date-time: the event's time, broken by `broken`. */
const breaking = (path: string, broken: (time: string) => string): Fault => ({
  code: 'invalid_date_time',
  path,
  apply: (e) => put(e, path, broken(e.eventTime as string)),
});

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets the node at the JSON Pointer `path` of `event` (no escapes in it) to `value`, making the objects above it. */
function put(event: Json, path: string, value: unknown): void {
  const keys = path.split('/').slice(1);
  const last = keys.pop() ?? '';
  let node = event;
  for (const key of keys) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  node[last] = value;
}

/** A fault that puts `value` at `path`, giving `code` there. */
const putting = (code: ViolationCode, path: string, value: unknown): Fault => ({
  code,
  path,
  apply: (e) => put(e, path, value),
});

/** Each code a single fault of R-event gives, and the faults that give it. */
const faultMakers: Readonly<Record<string, readonly FaultMaker[]>> = {
  required: [
    () =>
      fc.constant({
        code: 'required',
        path: '',
        apply: (e) => {
          delete e.event;
        },
      }),
    (l) =>
      fc
        .constantFrom<(body: unknown) => Json>(
          () => ({}),
          (body) => ({ [l.payload === 'appointment' ? 'searchTimeSlot' : 'appointment']: body }),
          (body) => ({ [`${l.payload[0]?.toUpperCase()}${l.payload.slice(1)}`]: body }),
        )
        .map((wrap) => ({
          code: 'required',
          path: '/event',
          apply: (e) => put(e, '/event', wrap((e.event as Json)[l.payload])),
        })),
  ],
  wrong_type: [
    () =>
      fc
        .constantFrom<(e: Json) => unknown>(
          (e) => [e],
          (e) => JSON.stringify(e),
          () => null,
        )
        .map((replace) => ({ code: 'wrong_type', path: '', replace })),
    () =>
      fc
        .tuple(fc.constantFrom(...texts, 'eventType', ...times), notString)
        .map(([name, value]) => putting('wrong_type', `/${name}`, value)),
    () => notObject.map((value) => putting('wrong_type', '/event', value)),
    (l) => notObject.map((value) => putting('wrong_type', at(l), value)),
    (l) =>
      fc
        .tuple(fc.constantFrom('id', 'href', '@type', 'status', 'creationDate', 'lastUpdate', 'searchDate'), notString)
        .map(([name, value]) => putting('wrong_type', at(l, `/${name}`), value)),
    (l) => notObject.map((value) => putting('wrong_type', at(l, '/validFor'), value)),
    (l) =>
      fc
        .tuple(fc.constantFrom('startDateTime', 'endDateTime'), notString)
        .map(([name, value]) => putting('wrong_type', at(l, `/validFor/${name}`), value)),
    (l) =>
      fc
        .constantFrom(...lists)
        .chain((name) => notArray(name).map((value) => putting('wrong_type', at(l, `/${name}`), value))),
    (l) =>
      fc.tuple(fc.constantFrom(...lists.filter((n) => n !== 'relatedParty')), notObject).map(([name, value]) => ({
        code: 'wrong_type',
        path: at(l, `/${name}/0`),
        apply: (e) => {
          const body = (e.event as Json)[l.payload] as Json;
          body[name] = [value, ...((body[name] as unknown[] | undefined) ?? [])];
        },
      })),
  ],
  invalid_date_time: [
    () =>
      fc
        .tuple(fc.constantFrom(...times), fc.constantFrom(...breakTime))
        .map(([name, broken]) => breaking(`/${name}`, broken)),
    (l) =>
      fc
        .tuple(
          fc.constantFrom(
            '/creationDate',
            '/lastUpdate',
            '/searchDate',
            '/validFor/startDateTime',
            '/validFor/endDateTime',
          ),
          fc.constantFrom(...breakTime),
        )
        .map(([path, broken]) => breaking(at(l, path), broken)),
  ],
  not_allowed: [
    (l) =>
      fc
        .constantFrom(...listeners.filter((o) => o !== l).map((o) => o.type), 'ProductOrderStateChangeEvent')
        .map((other) => putting('not_allowed', '/eventType', other)),
  ],
};

/**
 * The codes a single fault of a listener event gives, per rule id: those of R-event. (Its
 * `unknown_event_type` is no fault of an event but of the type it is checked as, none of the six.)
 */
export const eventFaultCodes: Readonly<Partial<Record<RuleId, readonly ViolationCode[]>>> = {
  'R-event': Object.keys(faultMakers) as ViolationCode[],
};

/**
 * Listener events with exactly one fault of R-event, each with the one violation
 * `validateListenerEvent` gives for it under the type it was made for (`expected.path` is where a
 * listener's 400 answer points): a field of the wrong type, a date-time that is none, another
 * `eventType`, the event or its payload left out. Shrinking keeps the fault.
 * @throws RangeError for a type none of the six listeners receives, or a code not in {@link eventFaultCodes}.
 */
export function faultyListenerEvent(options: EventFaultOptions = {}): fc.Arbitrary<FaultyEvent> {
  const chosen = listenersOf(options);
  const codes = Object.keys(faultMakers);
  if (options.code !== undefined && !codes.includes(options.code))
    throw new RangeError(
      `no fault of a listener event gives the code ${String(options.code)}: one of ${codes.join(', ')}`,
    );
  const makers = options.code === undefined ? Object.values(faultMakers).flat() : (faultMakers[options.code] ?? []);
  return fc.oneof(
    ...chosen.map((listener) =>
      fc.tuple(eventOf(listener), fc.oneof(...makers.map((make) => make(listener)))).map(([valid, fault]) => {
        const event = structuredClone(valid) as Json;
        fault.apply?.(event);
        return {
          type: listener.type,
          event: fault.replace ? fault.replace(event) : event,
          expected: { rule: 'R-event' as const, code: fault.code, path: fault.path },
        };
      }),
    ),
  );
}
