import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { type ListenerEventType, listeners, validateListenerEvent } from '../http/events.js';
import { createListenerHandler } from '../http/listener.js';
import { eventFaultCodes, type FaultyEvent, faultyListenerEvent, listenerEvent } from './events.js';

const violationsOf = (type: ListenerEventType, event: unknown) =>
  validateListenerEvent(type, event).violations.map(({ rule, code, path }) => ({ rule, code, path }));

const uuid4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const germanTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\+0[12]:00)?$/;
const ms = (time: unknown) => Date.parse(/[+]/.test(String(time)) ? String(time) : `${String(time)}+01:00`);
const codes = eventFaultCodes['R-event'] ?? [];

describe.each(listeners)('listenerEvent of $type', ({ type, payload }) => {
  it('passes validateListenerEvent for its type, and names it', () =>
    fc.assert(
      fc.property(listenerEvent({ type }), (event) => {
        expect(event.eventType).toBe(type);
        expect(violationsOf(type, event)).toEqual([]);
      }),
      { numRuns: runs(1000) },
    ));

  it('reads like FIT 646 sends it: a UUID, German times in order, a payload about a product order', () =>
    fc.assert(
      fc.property(listenerEvent({ type }), (event) => {
        const body = event.event[payload] as Record<string, unknown>;
        expect(event.eventId).toMatch(uuid4);
        const occurred = event.timeOcurred ?? event.timeOccurred;
        for (const time of [event.eventTime, occurred]) expect(time).toMatch(germanTime);
        const made = body.creationDate ?? body.searchDate;
        const changed = body.lastUpdate ?? body.searchDate;
        expect(ms(made)).toBeLessThanOrEqual(ms(changed));
        expect(ms(changed)).toBeLessThanOrEqual(ms(occurred));
        expect(ms(occurred)).toBeLessThanOrEqual(ms(event.eventTime));
        const period = (body.validFor ?? (body.requestedTimeSlot as { validFor: unknown }[])[0]?.validFor) as Record<
          string,
          string
        >;
        expect(ms(period.startDateTime)).toBeLessThan(ms(period.endDateTime));
        if (body.status === 'completed' || body.status === 'failed')
          expect(ms(period.endDateTime)).toBeLessThanOrEqual(ms(changed));
        else expect(ms(event.eventTime)).toBeLessThan(ms(period.startDateTime));
        expect(body).toMatchObject({ '@type': payload === 'appointment' ? 'Appointment' : 'SearchTimeSlot' });
        expect(body.relatedEntity).toEqual([
          expect.objectContaining({ entity: expect.objectContaining({ '@referredType': 'ProductOrder' }) }),
        ]);
      }),
      { numRuns: runs(300) },
    ));

  it('faultyListenerEvent gives exactly its expected violation for its type', () =>
    fc.assert(
      fc.property(faultyListenerEvent({ type }), ({ type: made, event, expected }) => {
        expect(made).toBe(type);
        expect(violationsOf(type, event)).toEqual([expected]);
      }),
      { numRuns: runs(1000) },
    ));
});

describe('faultyListenerEvent', () => {
  it('gives every code of eventFaultCodes, and no other', () => {
    const seen = new Set(fc.sample(faultyListenerEvent(), runs(3000)).map((f) => f.expected.code));
    expect([...seen].sort()).toEqual([...codes].sort());
    expect(Object.keys(eventFaultCodes)).toEqual(['R-event']);
  });

  it.each(codes)('with code %s gives that code alone, for any of the types asked', (code) =>
    fc.assert(
      fc.property(
        faultyListenerEvent({ code, type: ['AppointmentDeleteEvent', 'SearchTimeSlotStateChangeEvent'] }),
        (f) => {
          expect(['AppointmentDeleteEvent', 'SearchTimeSlotStateChangeEvent']).toContain(f.type);
          expect(f.expected).toMatchObject({ rule: 'R-event', code });
          expect(violationsOf(f.type, f.event)).toEqual([f.expected]);
        },
      ),
      { numRuns: runs(300) },
    ),
  );

  it.each(codes)('keeps its %s fault while it shrinks', (code) => {
    const shrunk: FaultyEvent[] = [];
    for (let seed = 0; seed < runs(200); seed++) {
      const result = fc.check(
        fc.property(faultyListenerEvent({ code }), (f) => {
          shrunk.push(f);
          return false;
        }),
        { seed, numRuns: runs(1) },
      );
      expect(result.failed).toBe(true);
    }
    expect(shrunk.length).toBeGreaterThan(runs(200) * 2);
    for (const f of shrunk) expect(violationsOf(f.type, f.event)).toEqual([f.expected]);
  });

  it('throws a RangeError naming what is allowed for an unknown type or code, or no type', () => {
    expect(() => faultyListenerEvent({ code: 'too_costly' })).toThrow(
      new RangeError(
        'no fault of a listener event gives the code too_costly: one of required, wrong_type, invalid_date_time, not_allowed',
      ),
    );
    const allowed = listeners.map((l) => l.type).join(', ');
    const unknown = 'ProductOrderCreateEvent' as ListenerEventType;
    expect(() => faultyListenerEvent({ type: unknown })).toThrow(
      new RangeError(`no listener event of type ProductOrderCreateEvent: one of ${allowed}`),
    );
    expect(() => listenerEvent({ type: ['AppointmentCreateEvent', unknown] })).toThrow(RangeError);
    for (const name of ['toString', '__proto__', 'constructor']) {
      expect(() => faultyListenerEvent({ code: name as never })).toThrow(RangeError);
      expect(() => listenerEvent({ type: name as ListenerEventType })).toThrow(RangeError);
    }
    expect(() => listenerEvent({ type: [] })).toThrow(
      new RangeError(`no listener event type asked for: one or more of ${allowed}`),
    );
  });
});

describe('the listener handler', () => {
  const handler = createListenerHandler({ onEvent: () => undefined });
  const post = (type: ListenerEventType, body: unknown) =>
    handler(
      new Request(`http://client.example${listeners.find((l) => l.type === type)?.path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: 'Bearer partner', 'content-type': 'application/json' },
      }),
    );

  it('answers 204 to every listenerEvent', () =>
    fc.assert(
      fc.asyncProperty(listenerEvent(), async (event) => {
        const response = await post(event.eventType as ListenerEventType, event);
        expect(response.status).toBe(204);
      }),
      { numRuns: runs(100) },
    ));

  it('answers 400 to every faultyListenerEvent, with its one violation', () =>
    fc.assert(
      fc.asyncProperty(faultyListenerEvent(), async ({ type, event, expected }) => {
        const response = await post(type, event);
        expect(response.status).toBe(400);
        const { violations } = (await response.json()) as {
          violations: { rule: string; code: string; path: string }[];
        };
        expect(violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual([expected]);
      }),
      { numRuns: runs(100) },
    ));
});
