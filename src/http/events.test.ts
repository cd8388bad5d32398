import { describe, expect, it } from 'vitest';
import { fakeLength, prototypeHoles, proxyHoles, type Traps } from '../../test/traps.js';
import { type ListenerEventType, listeners, validateAppointmentCreateEvent, validateListenerEvent } from './events.js';

/** A good event of each type, as FIT 646 sends them. */
function goodEvent(type: ListenerEventType, payload: string) {
  return {
    eventId: 'E-1',
    eventTime: '2024-10-24T10:32:00',
    eventType: type,
    timeOcurred: '2024-10-24T10:31:58+02:00',
    event: {
      [payload]: {
        id: 'A-1',
        '@type': payload === 'appointment' ? 'Appointment' : 'SearchTimeSlot',
        status: 'confirmed',
        validFor: { startDateTime: '2024-11-04T08:00:00+01:00', endDateTime: '2024-11-04T12:00:00+01:00' },
        relatedEntity: [{ role: 'affectedProduct', entity: { id: 'P-1' } }],
      },
    },
  };
}

const faults = (type: ListenerEventType, input: unknown) =>
  validateListenerEvent(type, input).violations.map(({ rule, code, path }) => [rule, code, path]);

describe.each(listeners)('the $type listener body', ({ type, payload, path, operation }) => {
  it('has its path and operation id', () => {
    expect(path).toBe(`/listener/${type[0].toLowerCase()}${type.slice(1)}`);
    expect(operation).toBe(`listenTo${type}`);
  });

  it('accepts a good event, returning it, with either spelling of timeOccurred', () => {
    const event = goodEvent(type, payload);
    expect(validateListenerEvent(type, event)).toEqual({ valid: true, value: event, violations: [], hints: [] });
    const { timeOcurred, ...rest } = event;
    expect(validateListenerEvent(type, { ...rest, timeOccurred: timeOcurred }).valid).toBe(true);
    expect(validateListenerEvent(type, { event: { [payload]: {} } }).valid).toBe(true);
  });

  it('rejects an event without its payload, of another type, or with bad fields', () => {
    expect(faults(type, { event: {} })).toEqual([['R-event', 'required', '/event']]);
    expect(faults(type, { eventId: 1 })).toEqual([
      ['R-event', 'required', ''],
      ['R-event', 'wrong_type', '/eventId'],
    ]);
    expect(faults(type, { ...goodEvent(type, payload), eventType: 'ProductOrderCreateEvent' })).toEqual([
      ['R-event', 'not_allowed', '/eventType'],
    ]);
    expect(faults(type, { ...goodEvent(type, payload), eventTime: '24.10.2024', timeOccurred: 5 })).toEqual([
      ['R-event', 'invalid_date_time', '/eventTime'],
      ['R-event', 'wrong_type', '/timeOccurred'],
    ]);
    expect(faults(type, { event: { [payload]: { validFor: { startDateTime: 'soon' }, note: ['x'], id: 7 } } })).toEqual(
      [
        ['R-event', 'wrong_type', `/event/${payload}/id`],
        ['R-event', 'wrong_type', `/event/${payload}/note/0`],
        ['R-event', 'invalid_date_time', `/event/${payload}/validFor/startDateTime`],
      ],
    );
    expect(faults(type, { event: { [payload]: [] } })).toEqual([['R-event', 'wrong_type', `/event/${payload}`]]);
    expect(faults(type, 'event')).toEqual([['R-event', 'wrong_type', '']]);
  });
});

describe('the event validators', () => {
  it('have one named function per event type', () =>
    expect(validateAppointmentCreateEvent({ event: { searchTimeSlot: {} } }).violations[0]).toMatchObject({
      code: 'required',
      path: '/event',
      params: { property: 'appointment' },
    }));
  // regression: the body's eventType was blamed, with that very value listed as allowed
  it('report a type no listener receives as the type asked for, not as the body', () => {
    const body = { eventType: 'AppointmentCreateEvent', event: { appointment: {} } };
    const [violation, ...more] = validateListenerEvent('ProductOrderCreateEvent' as ListenerEventType, body, {
      lang: 'de',
    }).violations;
    expect(more).toEqual([]);
    expect(violation).toMatchObject({
      rule: 'R-event',
      code: 'unknown_event_type',
      path: '',
      params: { type: 'ProductOrderCreateEvent', allowed: listeners.map((l) => l.type) },
    });
    expect(violation.message).toMatch(/^Kein Listener empfängt Ereignisse vom Typ ProductOrderCreateEvent;/);
  });
});

// regression: a listener's messages spoke of "the order"
it('speaks of the event, not of the order, at its root', () => {
  const [violation] = validateListenerEvent('AppointmentCreateEvent', {}).violations;
  expect(violation.message).toBe("The event lacks the required property 'event'.");
});

describe('event times', () => {
  const at = (eventTime: string) =>
    validateListenerEvent('AppointmentCreateEvent', { eventTime, event: { appointment: {} } }).violations.map((v) =>
      v.code === 'invalid_date_time' ? v.params.reason : v.code,
    );

  it('accept a time without offset', () => expect(at('2024-10-24T10:32:00')).toEqual([]));

  it('ask for no time zone in the message of an event time, which may lack it', () => {
    const [en] = validateListenerEvent('AppointmentCreateEvent', {
      eventTime: '2025-02-29T10:32:00',
      event: { appointment: {} },
    }).violations;
    expect(en.params).toEqual({ format: 'date-time', reason: 'no_such_date', date: '2025-02-29', offset: 'optional' });
    expect(en.message).not.toMatch(/time zone/);
    expect(en.message).toMatch(/there is no February 29, 2025\.$/);
    expect(en.message).toMatch(/with seconds/);
  });

  // regression: an offset-less time wrong for another reason was said to lack its offset
  it.each([
    ['a day that does not exist', '2025-02-29T10:32:00', 'no_such_date'],
    ['hour 25', '2025-02-17T25:00:00', 'invalid'],
    ['a space for T', '2025-02-17 10:32:00', 'invalid'],
    ['no seconds', '2025-02-17T10:32', 'missing_seconds'],
    ['no time', '2025-02-17', 'missing_time'],
    ['an offset but no seconds', '2025-02-17T10:32+01:00', 'missing_seconds'],
  ])('name the real fault of a time with %s, never a missing offset', (_, time, reason) =>
    expect(at(time)).toEqual([reason]),
  );
});

describe('a listener event whose lists are hostile', () => {
  const lists = ['availableTimeSlot', 'requestedTimeSlot', 'relatedEntity', 'note'];
  const withList = (list: string, value: unknown) => {
    const event = goodEvent('AppointmentCreateEvent', 'appointment');
    (event.event.appointment as Record<string, unknown>)[list] = value;
    return validateListenerEvent('AppointmentCreateEvent', event);
  };

  it.each(lists)(
    'a %s list that claims 2^32 - 1 elements answers too_costly at once (regression: the loop over it never returned)',
    (list) => {
      for (const make of [fakeLength, proxyHoles]) {
        const traps: Traps = { count: 0, limit: 10_000 };
        const result = withList(
          list,
          make(traps, () => ({})),
        );
        expect(result.valid).toBe(false);
        expect(result.violations[0]).toMatchObject({ rule: 'R-field', code: 'too_costly', path: '' });
        expect(!result.valid && result.truncated?.stopped).toBe(true);
      }
    },
  );

  it.each(lists)(
    'a %s list of holes that read as {} through a prototype is no list of objects (regression: it passed): a list of another prototype is no JSON array, no hole read',
    (list) => {
      const traps: Traps = { count: 0, limit: 10_000 + 40 * 1e5 };
      const result = withList(
        list,
        prototypeHoles(traps, () => ({}), 1e5),
      );
      expect(result.valid).toBe(false);
      expect(result.violations).toMatchObject([
        {
          rule: 'R-field',
          code: 'wrong_type',
          path: `/event/appointment/${list}`,
          params: { expected: 'array', actual: 'array', found: 'prototype' },
        },
      ]);
      expect(traps.count).toBe(0);
    },
  );
});
