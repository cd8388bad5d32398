import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutants, order } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import { createValidator, validateProductOrder } from '../validate.js';
import { defineLabels, type Labels, withLabels } from './labels.js';
import { labelsDe } from './labels-de.js';
import { labelsEn } from './labels-en.js';

// biome-ignore lint/suspicious/noExplicitAny: orders are edited freely here
const hvt = (): any => JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));
const PARTY = '/relatedParty/0/partyOrPartyRole';

/** A carrier's own message of R10. */
const twoPlaces = () => 'Bitte zwei Standorte angeben.';

const messagesOf = (input: unknown, labels: Labels) =>
  validateProductOrder(input, { labels }).violations.map(({ path, message }) => [path, message]);

describe('labels in messages', () => {
  it('name a field by its label and the item it sits in, counted from 1', () => {
    const o = hvt();
    o.relatedParty[0].partyOrPartyRole.contactMedium[1] = {
      '@type': 'PhoneContactMedium',
      contactType: 'fixed',
      phoneNumber: '0'.repeat(31),
    };
    const path = `${PARTY}/contactMedium/1/phoneNumber`;
    expect(messagesOf(o, labelsDe)).toEqual([[path, 'Telefonnummer (Kontakt 2) darf höchstens 30 Zeichen lang sein.']]);
    expect(messagesOf(o, labelsEn)).toEqual([
      [path, 'Phone number (contact detail 2) must be at most 30 characters long.'],
    ]);
  });

  it('name a missing property as the field, not its parent', () => {
    const o = hvt();
    delete o.relatedParty[0].partyOrPartyRole.familyName;
    delete o.requestedCompletionDate;
    expect(messagesOf(o, labelsDe)).toEqual([
      ['', 'Gewünschter Fertigstellungstermin ist eine Pflichtangabe.'],
      [PARTY, 'Nachname (Ansprechpartner 1) ist eine Pflichtangabe.'],
    ]);
  });

  it('say what R10 demands of an HVt local loop, in German and English', () => {
    const o = hvt();
    o.productOrderItem[0].product.relatedPlace.pop();
    const path = '/productOrderItem/0/product/relatedPlace';
    expect(messagesOf(o, labelsDe)).toEqual([
      [path, 'Ein HVt-Anschluss braucht einen Standort A und einen Standort B.'],
    ]);
    expect(messagesOf(o, labelsEn)).toEqual([
      [path, 'A local loop from the exchange (HVt) needs a location A and a location B.'],
    ]);
    o.productOrderItem[0].product['@type'] = 'KvzLocalLoopProduct';
    expect(messagesOf(o, labelsDe)[0][1]).toBe('Ein KVz-Anschluss braucht einen Standort A und einen Standort B.');
  });

  it('say what R9, R11, R12 and R14 demand', () => {
    const o = hvt();
    o.productOrderItem.push(
      { action: 'modify', product: { '@type': 'BitstreamAccessProduct', relatedPlace: [] } },
      { action: 'add', product: { '@type': 'OpticalAccessLineProduct', relatedPlace: [] } },
    );
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'In einem Neuauftrag hat jede Position die Aktion Hinzufügen.',
      'Ein Bitstrom-Zugang braucht genau einen Standort, den Standort A.',
      'Ein Glasfaser-Anschluss braucht einen Standort A und höchstens einen Standort B.',
    ]);
    o.category = 'terminationByBuyer';
    for (const item of o.productOrderItem) item.action = 'add';
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toContain(
      'In einer Kündigung hat jede Position die Aktion Kündigen.',
    );
  });

  it('label the allowed values and the roles', () => {
    const o = hvt();
    o.productOrderItem[0].action = 'modify';
    o.relatedParty[0].partyOrPartyRole.contactMedium = [];
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'In einem Neuauftrag hat jede Position die Aktion Hinzufügen.',
      'Technischer Ansprechpartner braucht eine Telefonnummer.',
    ]);
  });

  it('give way to a caller’s own labels and messages', () => {
    const o = hvt();
    o.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = '0'.repeat(31);
    const mine = withLabels(labelsDe, {
      fields: { phoneNumber: 'Rufnummer', 'contactMedium[]': 'Kontaktweg' },
      messages: { required: (_, c) => `Bitte ${c.field} angeben.` },
    });
    expect(messagesOf(o, mine)[0][1]).toBe('Rufnummer (Kontaktweg 1) darf höchstens 30 Zeichen lang sein.');
    delete o.category;
    expect(messagesOf(o, mine)[0][1]).toBe('Bitte Auftragsart angeben.');
    // the package's labels are unchanged
    expect(messagesOf(o, labelsDe)[0][1]).toBe('Auftragsart ist eine Pflichtangabe.');
  });

  it('fall back to the package’s message where the labels have none, or theirs throws', () => {
    const throwing = withLabels(labelsDe, {
      messages: {
        too_long: () => {
          throw new Error('broken');
        },
      },
    });
    const o = hvt();
    o.description = 'x'.repeat(300);
    const [violation] = validateProductOrder(o, { labels: throwing, lang: 'de' }).violations;
    expect(violation.message).toBe(validateProductOrder(o, { lang: 'de' }).violations[0].message);
    const bare = defineLabels({ ...labelsDe, messages: {}, rules: {} });
    expect(validateProductOrder(o, { labels: bare, lang: 'de' }).violations[0].message).toBe(violation.message);
    // the whole input is no field
    expect(validateProductOrder(42, { labels: labelsDe, lang: 'de' }).violations[0].message).toBe(
      validateProductOrder(42, { lang: 'de' }).violations[0].message,
    );
  });

  // regression: German labels without lang gave English for the codes they have no message for
  it('set the language of the package’s own messages when lang is not given', () => {
    expect(validateProductOrder([], { labels: labelsDe }).violations[0].message).toBe(
      validateProductOrder([], { lang: 'de' }).violations[0].message,
    );
    expect(validateProductOrder([], { labels: labelsDe, lang: 'en' }).violations[0].message).toBe(
      validateProductOrder([]).violations[0].message,
    );
  });

  it('are ignored when they are no labels', () => {
    for (const labels of [42, {}, null, { message: 'no function' }] as unknown as Labels[])
      expect(validateProductOrder({}, { labels })).toEqual(validateProductOrder({}));
  });

  it('name a field at a path as the messages do, for a form’s own labels', () => {
    expect(labelsDe.field(`${PARTY}/contactMedium/1/phoneNumber`)).toBe('Telefonnummer (Kontakt 2)');
    expect(labelsDe.field('/productOrderItem/0/product/relatedPlace/1')).toBe('Standort 2 (Position 1)');
    expect(labelsEn.field('/requestedCompletionDate')).toBe('Requested completion date');
    expect(
      withLabels(labelsDe, { fields: { phoneNumber: 'Rufnummer' } }).field(`${PARTY}/contactMedium/0/phoneNumber`),
    ).toBe('Rufnummer (Kontakt 1)');
    for (const path of ['', '/', 42, null] as unknown as string[]) expect(() => labelsDe.field(path)).not.toThrow();
  });

  // regression: R10's demand was the message of a nested place's count and of a third place, which
  // the sentence did not explain; a caller could not replace a rule's message
  it('say R10’s demand for the places only, and take a caller’s rule message', () => {
    const o = hvt();
    o.productOrderItem[0].product.relatedPlace[1].place.place.push({ '@type': 'PlaceRef', id: 'x' });
    const [nested] = messagesOf(o, labelsDe);
    expect(nested).toEqual([
      '/productOrderItem/0/product/relatedPlace/1/place/place',
      'Für Adressverweise (Standort 2) ist höchstens 1 Eintrag erlaubt.',
    ]);
    const third = hvt();
    third.productOrderItem[0].product.relatedPlace.push({
      role: 'alternateAddress',
      place: { '@type': 'PlaceRef', id: 'y', '@referredType': 'GeographicAddress' },
    });
    expect(messagesOf(third, labelsDe)[0][1]).toBe(
      'Ein HVt-Anschluss braucht genau zwei Standorte, einen Standort A und einen Standort B.',
    );
    const mine = withLabels(labelsDe, { rules: { R10: twoPlaces } });
    expect(messagesOf(third, mine)[0][1]).toBe('Bitte zwei Standorte angeben.');
  });

  // regression: an emptied characteristic value was named "Wert des Merkmals (Merkmal 1)"
  it('name a characteristic’s missing value after the characteristic the order gives', () => {
    const o = hvt();
    delete o.productOrderItem[0].product.relatedPlace[1].place.geographicSiteCharacteristic[0].value;
    expect(messagesOf(o, labelsDe)[0][1]).toBe('Ortsnetzkennzahl (Standort 2) ist eine Pflichtangabe.');
  });

  it('say why a date is no date of the spec', () => {
    const o = hvt();
    o.orderPostedDate = '2025-02-17T10:30:00';
    expect(messagesOf(o, labelsDe)[0][1]).toBe(
      'Auftragsdatum braucht Datum und Uhrzeit mit Sekunden und Zeitzone, z. B. 2025-02-17T10:30:00+01:00: die Zeitzone fehlt.',
    );
  });

  it('start a sentence with a capital, in English too', () => {
    expect(
      validateProductOrder({ relatedParty: [42] }, { labels: labelsEn }).violations.map((v) => v.message),
    ).toContain('Contact 1 is not in the expected form.');
    expect(labelsEn.field(['relatedParty', 0, 'partyOrPartyRole', 'familyName'])).toBe('Last name (contact 1)');
  });

  it('reach createValidator', () => {
    const o = hvt();
    delete o.category;
    expect(createValidator().validate(o, { labels: labelsEn }).violations[0].message).toBe('Order type is required.');
  });

  it('change the messages only: verdict, rule, code, path and params stay (property)', () => {
    const entries = Object.values(mutants);
    fc.assert(
      fc.property(
        fc.oneof(
          order.map((o) => ({ order: o as unknown })),
          ...entries,
        ),
        ({ order: input }) => {
          const plain = validateProductOrder(input);
          for (const labels of [labelsDe, labelsEn]) {
            const labelled = validateProductOrder(input, { labels });
            expect(labelled.valid).toBe(plain.valid);
            const strip = (r: typeof plain) => r.violations.map(({ message: _, ...rest }) => rest);
            expect(strip(labelled)).toEqual(strip(plain));
            for (const v of labelled.violations) {
              expect(v.message).not.toMatch(/undefined|\[object/);
              expect(v.message.length).toBeGreaterThan(5);
            }
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('label every field and value the schema names, in both languages', () => {
    const schema = readFileSync('schemas/product-order.schema.json', 'utf8');
    const names = new Set<string>();
    JSON.parse(schema, (key, value) => {
      if (key === 'properties' && typeof value === 'object') for (const name of Object.keys(value)) names.add(name);
      return value;
    });
    for (const skipped of ['@baseType', '@schemaLocation', 'href']) names.delete(skipped);
    for (const labels of [labelsDe, labelsEn]) {
      const keys = Object.keys(labels.fields).map((key) => key.split('/').at(-1)?.replace('[]', ''));
      expect([...names].filter((name) => !keys.includes(name))).toEqual([]);
    }
    expect(Object.keys(labelsDe.fields).sort()).toEqual(Object.keys(labelsEn.fields).sort());
    expect(Object.keys(labelsDe.values).sort()).toEqual(Object.keys(labelsEn.values).sort());
  });
});
