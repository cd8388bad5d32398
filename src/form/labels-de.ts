// The words of a German order form: a label per field and value, and messages for the people who fill it in.
import type { Finding } from '../violation.js';
import { aboutPlaces, defineLabels, digits, type LabelContext, type Labels, newItemLacks } from './labels.js';

const p = (finding: Finding) => finding.params as Record<string, unknown>;
const items = (n: unknown) => `${n} ${n === 1 ? 'Eintrag' : 'Einträge'}`;

const dateFaults: Readonly<Record<string, string>> = {
  missing_seconds: 'die Sekunden fehlen',
  missing_offset: 'die Zeitzone fehlt',
  missing_time: 'die Uhrzeit fehlt',
  invalid: 'das ist kein gültiges Datum mit Uhrzeit',
};

/** What a new order demands of the places of a product, by the rule that says it: `demand`, or `many` for too many places. */
const places =
  (demand: string, many = demand) =>
  (finding: Finding, c: LabelContext) =>
    aboutPlaces(finding)
      ? `${c.product ? `Ein ${c.product}` : 'Dieses Produkt'} braucht ${finding.code === 'too_many_items' ? many : demand}.`
      : undefined;

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
    'place/place': 'Adressverweise',
    'place/place[]': 'Adressverweis',
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
    terminationByBuyer: 'Kündigung durch den Käufer',
    terminationBySeller: 'Kündigung durch den Verkäufer',
    providerChange: 'Anbieterwechsel',
    providerTechnologyChange: 'Anbieter- und Technologiewechsel',
    terminationProviderChange: 'Kündigung bei Anbieterwechsel',
    portChange: 'Portwechsel',
    add: 'Hinzufügen',
    modify: 'Ändern',
    delete: 'Kündigen',
    noChange: 'Keine Änderung',
    HvtLocalLoopProduct: 'HVt-Anschluss',
    KvzLocalLoopProduct: 'KVz-Anschluss',
    BitstreamAccessProduct: 'Bitstrom-Zugang',
    OpticalAccessLineProduct: 'Glasfaser-Anschluss',
    locationA: 'Standort A',
    locationB: 'Standort B',
    alternateAddress: 'Ausweichadresse',
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
    orderManagementSellerContact: 'Auftragsmanagement des Verkäufers',
    orderManagementBuyerContact: 'Auftragsmanagement des Käufers',
    deliveryContact: 'Lieferkontakt',
    locationAContact: 'Ansprechpartner an Standort A',
    handingOverProvider: 'Abgebender Anbieter',
    receivingProvider: 'Aufnehmender Anbieter',
    subcontractor: 'Subunternehmer',
    national_destination_code: 'Ortsnetzkennzahl',
    local_exchange_area: 'Anschlussbereich',
    collocation_room_name: 'Kollokationsraum',
  },
  item: (noun, n) => `${noun} ${n}`,
  within: (field, item) => `${field} (${item})`,
  or: (labels) => (labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} oder ${labels.at(-1)}`),
  messages: {
    required: (_, c) => `${c.field} ist eine Pflichtangabe.`,
    wrong_type: (_, c) => `${c.field} hat nicht die erwartete Form.`,
    not_allowed: (f, c) => `${c.field} muss ${c.list(p(f).allowed)} sein.`,
    unknown_type: (f, c) => `${c.field} muss ${c.list(p(f).allowed)} sein.`,
    unknown_role: (_, c) => `${c.field} ist keine bekannte Rolle.`,
    too_short: (f, c) =>
      p(f).limit === 1
        ? `${c.field} darf nicht leer sein.`
        : `${c.field} muss mindestens ${p(f).limit} Zeichen lang sein.`,
    too_long: (f, c) => `${c.field} darf höchstens ${p(f).limit} Zeichen lang sein.`,
    too_few_items: (f, c) =>
      `Für ${c.field} ${p(f).limit === 1 ? 'ist' : 'sind'} mindestens ${items(p(f).limit)} nötig.`,
    too_many_items: (f, c) =>
      `Für ${c.field} ${p(f).limit === 1 ? 'ist' : 'sind'} höchstens ${items(p(f).limit)} erlaubt.`,
    invalid_date_time: (f, c) =>
      `${c.field} braucht Datum und Uhrzeit mit Sekunden und Zeitzone, z. B. 2025-02-17T10:30:00+01:00: ${dateFaults[String(p(f).reason)] ?? dateFaults.invalid}.`,
    pattern_mismatch: (f, c) => {
      const n = digits(p(f).pattern);
      return n
        ? `${c.field} muss aus ${n.min} bis ${n.max} Ziffern bestehen und darf nicht mit 0 beginnen.`
        : `${c.field} hat nicht die erwartete Form.`;
    },
    missing_phone_contact: (f, c) => `${c.value(p(f).role)} braucht eine Telefonnummer.`,
    missing_postal_contact: (f, c) => `${c.value(p(f).role)} braucht eine Postanschrift.`,
    missing_place_role: (f, c) => `${c.field} braucht einen ${c.value(p(f).role)}.`,
    missing_characteristic: (f, c) => `${c.field}: ${c.value(p(f).name)} fehlt.`,
    did_you_mean: (f, c) => `${c.field}: meinten Sie ${c.value(p(f).suggestion)}?`,
  },
  rules: {
    R9: (finding, c) =>
      ({
        product: 'In einem Neuauftrag braucht jede Position ein Produkt.',
        relatedPlace: 'In einem Neuauftrag braucht jedes Produkt einen Standort.',
        action: `In einem Neuauftrag hat jede Position die Aktion ${c.value('add')}.`,
      })[newItemLacks(finding)],
    R10: /* @__PURE__ */ places(
      'einen Standort A und einen Standort B',
      'genau zwei Standorte, einen Standort A und einen Standort B',
    ),
    R11: /* @__PURE__ */ places('genau einen Standort, den Standort A'),
    R12: /* @__PURE__ */ places('einen Standort A und höchstens einen Standort B'),
    R14: (_, c) => `In einer Kündigung hat jede Position die Aktion ${c.value('delete')}.`,
  },
});
