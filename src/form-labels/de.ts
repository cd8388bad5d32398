// The words of a German order form: a label per field and value, and messages for the people who fill it in;
// what each rule demands is worded in its folder (src/rules/*/labels.de.ts).

import { defineLabels, digits, joinWith, type Labels, type LabelWords } from '../form/labels.js';
import { dateFault } from '../messages/de.js';
import { codes, rules } from '../registry/rule-labels-de.js';
import type { Finding } from '../violation.js';

const p = (finding: Finding) => finding.params as Record<string, unknown>;

/** JSON types in plain words: what a field must be. */
const types: Readonly<Record<string, string>> = {
  string: 'ein Text',
  number: 'eine Zahl',
  integer: 'eine ganze Zahl',
  boolean: 'ja oder nein',
  array: 'eine Liste',
  object: 'eine Gruppe von Angaben',
};

/** German labels and messages for an order form. */
export const labelsDe: Labels = /* @__PURE__ */ defineLabels({
  lang: 'de',
  fields: {
    category: 'Auftragsart',
    description: 'Beschreibung',
    orderPostedDate: 'Auftragsdatum',
    requestedCompletionDate: 'Gewünschter Fertigstellungstermin',
    priority: 'Priorität',
    externalId: 'Externe Kennung',
    billingAccount: 'Rechnungskonto',
    note: 'Notizen',
    'note[]': 'Notiz',
    productOfferingQualification: 'Vorabprüfungen',
    'productOfferingQualification[]': 'Vorabprüfung',
    relatedParty: 'Ansprechpartner',
    'relatedParty[]': 'Ansprechpartner',
    attachment: 'Anhänge',
    'attachment[]': 'Anhang',
    productOrderRelationship: 'Auftragsbeziehungen',
    'productOrderRelationship[]': 'Auftragsbeziehung',
    additionalOrderInformation: 'Zusatzinformationen',
    productOrderItem: 'Auftragspositionen',
    'productOrderItem[]': 'Position',
    agreement: 'Vereinbarungen',
    'agreement[]': 'Vereinbarung',
    role: 'Rolle',
    partyOrPartyRole: 'Person oder Firma',
    'partyOrPartyRole/@type': 'Art des Ansprechpartners',
    salutation: 'Anrede',
    givenName: 'Vorname',
    familyName: 'Nachname',
    'partyOrPartyRole/name': 'Firmenname',
    contactMedium: 'Kontaktangaben',
    'contactMedium[]': 'Kontakt',
    'contactMedium[]/@type': 'Kontaktweg',
    contactType: 'Art des Kontakts',
    phoneNumber: 'Telefonnummer',
    emailAddress: 'E-Mail-Adresse',
    streetName: 'Straße',
    streetNr: 'Hausnummer',
    streetNrSuffix: 'Hausnummernzusatz',
    postcode: 'Postleitzahl',
    city: 'Ort',
    locality: 'Ortsteil',
    country: 'Land',
    action: 'Aktion',
    product: 'Produkt',
    'product/@type': 'Produktart',
    relatedPlace: 'Standorte',
    'relatedPlace[]': 'Standort',
    'relatedPlace[]/role': 'Art des Standorts',
    'relatedPlace[]/place': 'Adresse oder Technikstandort',
    'place/@type': 'Art der Angabe',
    geographicSiteCharacteristic: 'Merkmale des Standorts',
    'geographicSiteCharacteristic[]': 'Merkmal',
    'geographicSiteCharacteristic[]/name': 'Name des Merkmals',
    'geographicSiteCharacteristic[]/value': 'Wert des Merkmals',
    'place/place': 'Standortadressen',
    'place/place[]': 'Standortadresse',
    'place/place[]/@type': 'Art der Angabe',
    id: 'Kennung',
    '@type': 'Art',
    '@referredType': 'Art des Verweises',
    engagedParty: 'Vertragspartner',
    'engagedParty[]': 'Vertragspartner',
    businessId: 'Geschäftskennung',
  },
  values: {
    new: 'Neuauftrag',
    productChange: 'Produktwechsel',
    technologyChange: 'Technologiewechsel',
    productModification: 'Produktänderung',
    terminationByBuyer: 'Kündigung durch den Nachfrager',
    terminationBySeller: 'Kündigung durch den Anbieter',
    providerChange: 'Anbieterwechsel',
    providerTechnologyChange: 'Anbieter- und Technologiewechsel',
    terminationProviderChange: 'Kündigung bei Anbieterwechsel',
    portChange: 'Portwechsel',
    add: 'Hinzufügen',
    modify: 'Ändern',
    delete: 'Kündigen',
    noChange: 'Keine Änderung',
    HvtLocalLoopProduct: 'TAL am HVt',
    KvzLocalLoopProduct: 'TAL am KVz',
    BitstreamAccessProduct: 'Bitstromzugang',
    OpticalAccessLineProduct: 'Glasfaser-Anschlussleitung (OAL)',
    locationA: 'Standort A',
    locationB: 'Standort B',
    alternateAddress: 'Ausweichadresse',
    Herr: 'Herr',
    Frau: 'Frau',
    'keine Anrede': 'keine Anrede',
    GeographicAddress: 'Adresse',
    GeographicSite: 'Technikstandort',
    PlaceRef: 'Adressverweis',
    Individual: 'Person',
    Organization: 'Firma',
    PhoneContactMedium: 'Telefon',
    EmailContactMedium: 'E-Mail',
    PostalAddressContactMedium: 'Postanschrift',
    fixed: 'Festnetz',
    mobile: 'Mobilfunk',
    email: 'E-Mail',
    postal: 'Post',
    technicalContact: 'Technischer Ansprechpartner',
    installationContact: 'Ansprechpartner für die Installation',
    ownerAdministrationContact: 'Ansprechpartner des Eigentümers (Verwaltung)',
    ownerInstallationContact: 'Ansprechpartner des Eigentümers (Installation)',
    orderManagementSellerContact: 'Auftragsmanagement des Anbieters',
    orderManagementBuyerContact: 'Auftragsmanagement des Nachfragers',
    deliveryContact: 'Lieferkontakt',
    locationAContact: 'Ansprechpartner an Standort A',
    handingOverProvider: 'Abgebender Anbieter',
    receivingProvider: 'Aufnehmender Anbieter',
    subcontractor: 'Subunternehmer',
    national_destination_code: 'ONKz',
    local_exchange_area: 'ASB',
    collocation_room_name: 'Kollokationsraum',
  },
  item: (noun, n) => `${noun} ${n}`,
  within: (field, item) => `${field} (${item})`,
  or: /* @__PURE__ */ joinWith('oder'),
  // the codes the rule folders introduce are worded in their folders (labels.<lang>.ts)
  messages: /* @__PURE__ */ Object.assign({}, codes, {
    required: (_, c) => `${c.field} ist eine Pflichtangabe.`,
    wrong_type: (f, c) => {
      const type = types[String(p(f).expected)];
      return type ? `${c.field} muss ${type} sein.` : `${c.field} hat nicht die erwartete Form.`;
    },
    not_allowed: (f, c) => `${c.field} muss ${c.list(p(f).allowed)} sein.`,
    unknown_type: (f, c) => `${c.field} muss ${c.list(p(f).allowed)} sein.`,
    too_short: (f, c) =>
      p(f).limit === 1
        ? `${c.field} darf nicht leer sein.`
        : `${c.field} muss mindestens ${p(f).limit} Zeichen lang sein.`,
    too_long: (f, c) => `${c.field} darf höchstens ${p(f).limit} Zeichen lang sein.`,
    too_few_items: (f, c) =>
      `${c.field}: bitte mindestens ${p(f).limit}${p(f).limit === 1 ? ` ${c.row}` : ''} hinzufügen.`,
    too_many_items: (f, c) =>
      `${c.field}: höchstens ${p(f).limit}${p(f).limit === 1 ? ` ${c.row}` : ''} erlaubt, bitte die übrigen entfernen.`,
    // what the date lacks, or the day the calendar does not have, as the API's message says it
    invalid_date_time: (f, c) =>
      p(f).reason === 'invalid'
        ? `${c.field}: bitte ein gültiges Datum mit Uhrzeit angeben.`
        : `${c.field}: ${dateFault(p(f))}.`,
    pattern_mismatch: (f, c) => {
      const n = digits(p(f).pattern);
      if (n?.zero) return `${c.field} muss aus ${n.min} Ziffern bestehen.`;
      return n
        ? `${c.field} muss aus ${n.min} bis ${n.max} Ziffern bestehen und darf nicht mit 0 beginnen.`
        : `${c.field} hat nicht die erwartete Form.`;
    },
    // a carrier's rule that failed: what it threw stays in params, for the logs
    rule_failed: () => 'Diese Angaben konnten nicht vollständig geprüft werden. Bitte später erneut versuchen.',
    did_you_mean: (f, c) => `${c.field}: meinten Sie ${c.value(p(f).suggestion)}?`,
  } satisfies LabelWords['messages']),
  rules,
});
