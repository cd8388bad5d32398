// The realistic values the samples of product-order-validator/arbitraries are dressed in: German
// places with the postcode, area code (ONKz, without its leading 0) and a range of local exchange
// areas (ASB) that belong together, names of people and firms, and the free texts per language.
// Each value keeps within the bounds the schemas set on its field (src/arbitraries/index.test.ts holds that).
import type { Labels } from '../form/labels.js';
import { labelsDe } from '../form-labels/de.js';
import { labelsEn } from '../form-labels/en.js';
import type { Lang } from '../generated/langs.js';

/** A form's labels per language: the words of the categories and the product types. */
export const labels: Readonly<Record<Lang, Labels>> = { de: labelsDe, en: labelsEn };

/** A town: its name, a district, a postcode of it, its area code and the numbers of its exchange areas. */
export interface Town {
  readonly city: string;
  readonly locality: string;
  readonly postcode: string;
  /** The Ortsnetzkennzahl without its leading 0, as R10 wants it: 2 to 5 digits. */
  readonly onkz: string;
  /** The lowest and highest Anschlussbereich number the samples use in this town. */
  readonly asb: readonly [number, number];
  /** A short code of the town, as the names of collocation rooms carry it. */
  readonly code: string;
}

const town = (
  city: string,
  locality: string,
  postcode: string,
  onkz: string,
  asb: readonly [number, number],
  code: string,
): Town => ({ city, locality, postcode, onkz, asb, code });

/** Towns large and small, with a 2- to 5-digit area code each. */
export const towns: readonly Town[] = [
  town('Berlin', 'Prenzlauer Berg', '10439', '30', [1, 340], 'BLN'),
  town('Berlin', 'Kreuzberg', '10999', '30', [1, 340], 'BLN'),
  town('Hamburg', 'Eimsbüttel', '20257', '40', [1, 120], 'HAM'),
  town('München', 'Schwabing', '80801', '89', [1, 110], 'MUC'),
  town('Köln', 'Ehrenfeld', '50823', '221', [1, 60], 'KLN'),
  town('Frankfurt am Main', 'Bornheim', '60385', '69', [1, 70], 'FFM'),
  town('Stuttgart', 'Bad Cannstatt', '70372', '711', [1, 50], 'STG'),
  town('Düsseldorf', 'Bilk', '40223', '211', [1, 40], 'DUS'),
  town('Leipzig', 'Gohlis', '04157', '341', [1, 35], 'LPZ'),
  town('Dresden', 'Neustadt', '01099', '351', [1, 30], 'DRS'),
  town('Hannover', 'Linden', '30449', '511', [1, 40], 'HAN'),
  town('Nürnberg', 'Gostenhof', '90429', '911', [1, 40], 'NBG'),
  town('Bremen', 'Findorff', '28215', '421', [1, 30], 'BRE'),
  town('Bonn', 'Beuel', '53225', '228', [1, 20], 'BON'),
  town('Münster', 'Kreuzviertel', '48147', '251', [1, 20], 'MST'),
  town('Mainz', 'Gonsenheim', '55122', '6131', [1, 12], 'MZ'),
  town('Soest', 'Ampen', '59494', '2921', [1, 6], 'SO'),
  town('Rheinberg', 'Budberg', '47495', '2843', [1, 4], 'RHB'),
  town('Garmisch-Partenkirchen', 'Partenkirchen', '82467', '8821', [1, 3], 'GAP'),
  town('Wernigerode', 'Hasserode', '38855', '3943', [1, 4], 'WR'),
  town('Hohen Neuendorf', 'Bergfelde', '16562', '3303', [1, 3], 'HNN'),
  town('Mühlenbecker Land', 'Schildow', '16552', '33056', [1, 2], 'MBL'),
];

/** Streets found in nearly every German town. */
export const streets: readonly string[] = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Schillerstraße',
  'Goethestraße',
  'Gartenstraße',
  'Lindenstraße',
  'Kirchstraße',
  'Bergstraße',
  'Waldstraße',
  'Schulstraße',
  'Am Markt',
  'Mühlenweg',
  'Birkenweg',
  'Friedrich-Ebert-Straße',
  'Poststraße',
  'Rosenweg',
  'Industriestraße',
  'Ringstraße',
];

/** House number suffixes. */
export const suffixes: readonly string[] = ['a', 'b', 'c', 'd'];

/** Given names with the salutation that goes with them. */
export const givenNames: readonly (readonly [string, 'Herr' | 'Frau'])[] = [
  ['Sabine', 'Frau'],
  ['Anna', 'Frau'],
  ['Julia', 'Frau'],
  ['Petra', 'Frau'],
  ['Katharina', 'Frau'],
  ['Leonie', 'Frau'],
  ['Özlem', 'Frau'],
  ['Klaus', 'Herr'],
  ['Jonas', 'Herr'],
  ['Thomas', 'Herr'],
  ['Michael', 'Herr'],
  ['Lukas', 'Herr'],
  ['Stefan', 'Herr'],
  ['Jörg', 'Herr'],
];

export const familyNames: readonly string[] = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Yılmaz',
  'Kowalski',
];

/** The trades of the firms that order lines or own the buildings. */
export const trades: readonly string[] = [
  'Elektrotechnik',
  'Hausverwaltung',
  'Immobilien',
  'Netzbau',
  'Steuerberatung',
  'Bäckerei',
  'Logistik',
  'Zahnarztpraxis',
  'Ingenieurbüro',
];

/** The legal forms of German firms. */
export const legalForms: readonly string[] = ['GmbH', 'GmbH & Co. KG', 'KG', 'AG', 'e. K.', 'OHG'];

/** Carriers as the buyers and sellers of wholesale products are named. */
export const carriers: readonly string[] = [
  'Spreenetz Telekommunikation GmbH',
  'Stadtwerke Münster GmbH',
  'NetCologne GmbH',
  'M-net Telekommunikations GmbH',
  'EWE TEL GmbH',
  'htp GmbH',
  'Deutsche Glasfaser Wholesale GmbH',
  'WOBCOM GmbH',
];

/** The mobile network prefixes (without the 0): 15x, 16x and 17x. */
export const mobilePrefixes: readonly string[] = ['151', '152', '157', '160', '162', '163', '170', '171', '176', '177'];

/** The vendor codes an ONT's serial number starts with. */
export const ontVendors: readonly string[] = ['ALCL', 'HWTC', 'ZTEG', 'GNXS', 'AVMG'];

/** The words of the free texts, per language. */
export interface Words {
  /** The names of the products whose types a form's labels do not name. */
  readonly product: Readonly<Record<string, string>>;
  readonly notes: readonly string[];
  readonly attachments: readonly string[];
  readonly agreements: readonly string[];
  readonly billingAccount: string;
  readonly externalId: string;
  readonly qualification: string;
  readonly relationship: string;
  readonly order: string;
  readonly closeMessages: readonly string[];
  readonly floors: readonly string[];
  readonly rooms: readonly string[];
  readonly accessTypes: readonly string[];
}

export const words: Readonly<Record<Lang, Words>> = {
  de: {
    product: {
      FtthAccessProduct: 'FTTH-Anschluss 1000',
      VoiceProduct: 'Telefonanschluss',
    },
    notes: [
      'zweimal klingeln',
      'Zugang über den Hinterhof',
      'Schlüssel beim Hausmeister',
      'Hausanschlussraum im Keller',
      'Termin bitte vorher telefonisch abstimmen',
    ],
    attachments: ['Lageplan.pdf', 'Vollmacht.pdf', 'Foto_Hausanschluss.jpg'],
    agreements: ['Rahmenvertrag Vorleistung', 'Vorvertrag Glasfaser', 'Einzelvertrag TAL'],
    billingAccount: 'Vorleistungskonto',
    externalId: 'Auftragsnummer des Partners',
    qualification: 'Verfügbarkeitsprüfung',
    relationship: 'Vorgängerauftrag',
    order: 'Auftrag',
    closeMessages: ['Änderung angenommen', 'Termin verschoben', 'Kontakt geändert'],
    floors: ['Erdgeschoss', 'Keller', '1. OG', '2. OG', '3. OG'],
    rooms: ['Hausanschlussraum', 'Technikraum', 'Kellerraum 3'],
    accessTypes: ['Schlüssel beim Hausmeister', 'Zugang rund um die Uhr', 'nach Anmeldung'],
  },
  en: {
    product: {
      FtthAccessProduct: 'FTTH access 1000',
      VoiceProduct: 'Telephone line',
    },
    notes: [
      'ring twice',
      'access through the back yard',
      'the caretaker has the key',
      'building entry point in the basement',
      'please call before the visit',
    ],
    attachments: ['site-plan.pdf', 'power-of-attorney.pdf', 'building-entry.jpg'],
    agreements: ['Wholesale framework agreement', 'Fibre pre-agreement', 'Local loop contract'],
    billingAccount: 'Wholesale account',
    externalId: "Partner's order number",
    qualification: 'Availability check',
    relationship: 'Preceding order',
    order: 'Order',
    closeMessages: ['Change accepted', 'Appointment moved', 'Contact changed'],
    floors: ['ground floor', 'basement', '1st floor', '2nd floor', '3rd floor'],
    rooms: ['building entry room', 'equipment room', 'basement room 3'],
    accessTypes: ['caretaker has the key', 'access at any time', 'by appointment'],
  },
};
