import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutants, order } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import { labelsDe } from '../form-labels/de.js';
import { labelsEn } from '../form-labels/en.js';
import { createProductOrderSchema } from '../standard-schema.js';
import { validateProductOrder } from '../validate.js';
import { createValidator } from '../validator/index.js';
import { defineLabels, type Labels, withLabels } from './labels.js';

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
      [PARTY, 'Nachname (Technischer Ansprechpartner) ist eine Pflichtangabe.'],
    ]);
  });

  it('say what R10 demands of an HVt local loop, in German and English', () => {
    const o = hvt();
    o.productOrderItem[0].product.relatedPlace.pop();
    const path = '/productOrderItem/0/product/relatedPlace';
    expect(messagesOf(o, labelsDe)).toEqual([
      [path, 'Für TAL am HVt sind genau zwei Standorte nötig: Standort A und Standort B.'],
    ]);
    expect(messagesOf(o, labelsEn)).toEqual([
      [path, 'For local loop from the exchange (HVt), exactly two locations are needed: location A and location B.'],
    ]);
    o.productOrderItem[0].product['@type'] = 'KvzLocalLoopProduct';
    expect(messagesOf(o, labelsDe)[0][1]).toBe(
      'Für TAL am KVz sind genau zwei Standorte nötig: Standort A und Standort B.',
    );
  });

  it('say what R9, R11, R12 and R14 demand', () => {
    const o = hvt();
    o.productOrderItem.push(
      { action: 'modify', product: { '@type': 'BitstreamAccessProduct', relatedPlace: [] } },
      { action: 'add', product: { '@type': 'OpticalAccessLineProduct', relatedPlace: [] } },
    );
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'Wählen Sie für jede Position die Aktion Hinzufügen: in einem Neuauftrag wird jede Position hinzugefügt.',
      'Für Bitstromzugang ist genau ein Standort nötig: Standort A.',
      'Für Glasfaser-Anschlussleitung (OAL) ist Standort A nötig, dazu höchstens ein Standort B.',
    ]);
    o.category = 'terminationByBuyer';
    for (const item of o.productOrderItem) item.action = 'add';
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toContain(
      'Wählen Sie für jede Position die Aktion Kündigen: in einer Kündigung wird jede Position gekündigt.',
    );
  });

  it('label the allowed values and the roles', () => {
    const o = hvt();
    o.productOrderItem[0].action = 'modify';
    o.relatedParty[0].partyOrPartyRole.contactMedium = [];
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'Wählen Sie für jede Position die Aktion Hinzufügen: in einem Neuauftrag wird jede Position hinzugefügt.',
      'Technischer Ansprechpartner braucht eine Telefonnummer: bitte eine hinzufügen.',
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

  // regression: a carrier's rule that threw showed the clerk "Die Regel X-buggy ist
  // fehlgeschlagen …: TypeError: …", and neither withLabels' messages nor its rules reworded it
  it('word a carrier rule that failed as a neutral sentence, what it threw kept in params', async () => {
    const buggy = {
      id: 'X-buggy',
      title: 'Reads a product that is not there.',
      check: (order: unknown) => [(order as { x: { product: never } }).x.product],
    };
    const issueOf = async (labels: Labels) => {
      const schema = createProductOrderSchema({ rules: [buggy], labels, emptyAsMissing: true });
      const result = await schema['~standard'].validate(hvt());
      return result.issues?.find((issue) => issue.code === 'rule_failed');
    };
    const de = await issueOf(labelsDe);
    expect(de?.message).toBe('Diese Angaben konnten nicht vollständig geprüft werden. Bitte später erneut versuchen.');
    expect(de?.path).toEqual([]);
    expect(de?.rule).toBe('X-buggy');
    expect(de?.params).toEqual({ error: expect.stringMatching(/^TypeError: Cannot read properties of undefined/) });
    expect((await issueOf(labelsEn))?.message).toBe(
      'These entries could not be fully checked. Please try again later.',
    );
    const own = withLabels(labelsDe, {
      messages: { rule_failed: (f) => `Prüfung ${f.rule} gestört: bitte den Support anrufen.` },
      rules: { 'X-buggy': () => 'Die Angaben sind unvollständig.' },
    });
    // per code: a rule's own message says what it demands, which a rule that failed did not decide
    expect((await issueOf(own))?.message).toBe('Prüfung X-buggy gestört: bitte den Support anrufen.');
    // a replaced built-in rule that fails is no failure of its demand either
    const r9 = { ...buggy, id: 'R9' };
    const [failed] = createValidator({ rules: [r9] }).validate(hvt(), { labels: labelsDe }).violations;
    expect(failed.message).toBe(
      'Diese Angaben konnten nicht vollständig geprüft werden. Bitte später erneut versuchen.',
    );
    // without labels, a service's message keeps the rule and what it threw, for the developer
    expect(createValidator({ rules: [buggy] }).validate(hvt(), { lang: 'de' }).violations[0].message).toMatch(
      /^Die Regel X-buggy ist fehlgeschlagen und konnte die Eingabe nicht prüfen: TypeError: /,
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
      'Standortadressen (Standort B): höchstens 1 Standortadresse erlaubt, bitte die übrigen entfernen.',
    ]);
    const third = hvt();
    third.productOrderItem[0].product.relatedPlace.push({
      role: 'alternateAddress',
      place: { '@type': 'PlaceRef', id: 'y', '@referredType': 'GeographicAddress' },
    });
    expect(messagesOf(third, labelsDe)[0][1]).toBe(
      'Für TAL am HVt sind genau zwei Standorte nötig: Standort A und Standort B.',
    );
    const mine = withLabels(labelsDe, { rules: { R10: twoPlaces } });
    expect(messagesOf(third, mine)[0][1]).toBe('Bitte zwei Standorte angeben.');
  });

  // regression: an emptied characteristic value was named "Wert des Merkmals (Merkmal 1)"
  it('name a characteristic’s missing value after the characteristic the order gives', () => {
    const o = hvt();
    delete o.productOrderItem[0].product.relatedPlace[1].place.geographicSiteCharacteristic[0].value;
    expect(messagesOf(o, labelsDe)[0][1]).toBe('ONKz (Standort B) ist eine Pflichtangabe.');
  });

  // regression: a date the picker mangled was answered with seconds, time zones and ISO format,
  // which a datetime-local picker shows none of
  // regression: with labels, every fault of a date read "ist kein vollständiges Datum mit
  // Uhrzeit", though 31 April is not incomplete but does not exist
  it('say what is wrong with a date: the day that does not exist, the part missing', () => {
    const o = hvt();
    const cases: [string, string, string][] = [
      [
        '2025-04-31T10:00:00+02:00',
        'Auftragsdatum: den 31. April 2025 gibt es nicht.',
        'Order date: there is no April 31, 2025.',
      ],
      [
        '2025-02-29T10:00',
        'Auftragsdatum: den 29. Februar 2025 gibt es nicht.',
        'Order date: there is no February 29, 2025.',
      ],
      ['2025-02-17T10:30', 'Auftragsdatum: die Sekunden fehlen.', 'Order date: the seconds are missing.'],
      [
        '2025-02-17T10:30:00',
        'Auftragsdatum: die Zeitzone (Z oder +01:00) fehlt.',
        'Order date: the time zone offset (Z or +01:00) is missing.',
      ],
      ['2025-02-17', 'Auftragsdatum: die Uhrzeit fehlt.', 'Order date: the time is missing.'],
    ];
    for (const [value, de, en] of cases) {
      o.orderPostedDate = value;
      expect([messagesOf(o, labelsDe)[0][1], messagesOf(o, labelsEn)[0][1]]).toEqual([de, en]);
    }
    for (const mangled of [
      '17.02.202510',
      '2025-02-17T25:30:00+01:00',
      '+020250-02-17T10:30',
      '2025-13-01T10:00:00Z',
    ]) {
      o.orderPostedDate = mangled;
      expect(messagesOf(o, labelsDe)[0][1]).toBe('Auftragsdatum: bitte ein gültiges Datum mit Uhrzeit angeben.');
      expect(messagesOf(o, labelsEn)[0][1]).toBe('Order date: enter a valid date and time.');
    }
  });

  it('start a sentence with a capital, in English too', () => {
    expect(
      validateProductOrder({ relatedParty: [42] }, { labels: labelsEn }).violations.map((v) => v.message),
    ).toContain('Contact 1 must be a group of fields.');
    expect(labelsEn.field(['relatedParty', 0, 'partyOrPartyRole', 'familyName'])).toBe('Last name (contact 1)');
  });

  // regression: German wholesale says Nachfrager / Anbieter, not Käufer / Verkäufer, and names the
  // products and characteristics as the FIT profile does
  it('use the clerk’s words: Nachfrager, Anbieter, TAL am HVt, ONKz, ASB', () => {
    expect(labelsDe.values.terminationByBuyer).toBe('Kündigung durch den Nachfrager');
    expect(labelsDe.values.terminationBySeller).toBe('Kündigung durch den Anbieter');
    const o = hvt();
    o.relatedParty[0].role = 'orderManagementBuyerContact';
    o.relatedParty[0].partyOrPartyRole.contactMedium.shift();
    const chars = o.productOrderItem[0].product.relatedPlace[1].place.geographicSiteCharacteristic;
    chars.splice(0, chars.length);
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'Merkmale des Standorts (Standort B): ONKz und ASB fehlen, bitte angeben.',
      'Auftragsmanagement des Nachfragers braucht eine Telefonnummer: bitte eine hinzufügen.',
    ]);
    expect(messagesOf(o, labelsEn)[0][1]).toBe(
      'Site characteristics (Location B): area code and local exchange area are missing, enter them.',
    );
  });

  // regression: a renamed product kept the fixed article of the package's label ("Ein TAL am HVt …")
  it('word the places’ demand so that it holds for any label of the product', () => {
    const o = hvt();
    o.productOrderItem[0].product.relatedPlace.pop();
    const renamed = withLabels(labelsDe, { values: { HvtLocalLoopProduct: 'Kupfer-Anschluss Premium' } });
    expect(messagesOf(o, renamed)[0][1]).toBe(
      'Für Kupfer-Anschluss Premium sind genau zwei Standorte nötig: Standort A und Standort B.',
    );
    o.productOrderItem[0].product['@type'] = 'KvzLocalLoopProduct';
    expect(messagesOf(o, labelsDe)[0][1]).toBe(
      'Für TAL am KVz sind genau zwei Standorte nötig: Standort A und Standort B.',
    );
  });

  // regression: a value of the wrong JSON type "hat nicht die erwartete Form"
  it('name a type mismatch in plain words', () => {
    const o = hvt();
    o.description = 5;
    o.externalId = {};
    o.relatedParty[0].partyOrPartyRole = 'Melanie Muster';
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toEqual([
      'Beschreibung muss ein Text sein.',
      'Externe Kennung muss eine Liste sein.',
      'Person oder Firma (Technischer Ansprechpartner) muss eine Gruppe von Angaben sein.',
    ]);
    expect(messagesOf(o, labelsEn).map(([, message]) => message)).toEqual([
      'Description must be text.',
      'External reference must be a list.',
      'Person or company (Technical contact) must be a group of fields.',
    ]);
  });

  // regression: "Standort 2" counted rows while the roles are Standort A / B, and swapped roles gave
  // "(Standort 1)" about Standort B
  it('name a row of places or parties by its role, the row’s own when the roles are swapped', () => {
    const o = hvt();
    const places = o.productOrderItem[0].product.relatedPlace;
    places.reverse();
    places[0].place.geographicSiteCharacteristic[0].value = '0221';
    expect(messagesOf(o, labelsDe)[0]).toEqual([
      '/productOrderItem/0/product/relatedPlace/0/place/geographicSiteCharacteristic/0/value',
      'ONKz (Standort B) muss aus 2 bis 5 Ziffern bestehen und darf nicht mit 0 beginnen.',
    ]);
    expect(labelsDe.field('/productOrderItem/0/product/relatedPlace/0/place/@type', o)).toBe(
      'Art der Angabe (Standort B)',
    );
    expect(labelsEn.field('/productOrderItem/0/product/relatedPlace/1', o)).toBe('Location A (item 1)');
    // without the order, or with a role two rows share, rows are counted
    expect(labelsDe.field('/productOrderItem/0/product/relatedPlace/0/place/@type')).toBe(
      'Art der Angabe (Standort 1)',
    );
    places[1].role = 'locationB';
    expect(labelsDe.field('/productOrderItem/0/product/relatedPlace/1/place/@type', o)).toBe(
      'Art der Angabe (Standort 2)',
    );
    expect(labelsDe.field(`${PARTY}/familyName`, o)).toBe('Nachname (Technischer Ansprechpartner)');
  });

  // regression: "Art der Angabe (Standort 2) muss Technikstandort sein." did not say what must be what
  it('say which place must be given as what', () => {
    const o = hvt();
    const siteB = o.productOrderItem[0].product.relatedPlace[1];
    siteB.place = { '@type': 'GeographicAddress', city: 'Köln', postcode: '50823', country: 'DE' };
    expect(messagesOf(o, labelsDe).map(([, message]) => message)).toContain(
      'Standort B muss als Technikstandort angegeben werden.',
    );
    expect(messagesOf(o, labelsEn).map(([, message]) => message)).toContain(
      'Location B must be given as exchange site.',
    );
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
