// The words of an English order form: a label per field and value, and messages for the people who fill it in;
// what each rule demands is worded in its folder (src/rules/*/labels.en.ts).

import { defineLabels, digits, joinWith, type Labels, type LabelWords, lower } from '../form/labels.js';
import { dateFault } from '../messages/en.js';
import { codes, rules } from '../registry/rule-labels-en.js';
import type { Finding } from '../violation.js';

const p = (finding: Finding) => finding.params as Record<string, unknown>;
/** A count of a list's rows: "1 contact detail", or "2" where the row's noun has no plural here. */
const items = (n: unknown, row: string) => (n === 1 ? `1 ${lower(row)}` : String(n));

/** JSON types in plain words: what a field must be. */
const types: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
};

/** English labels and messages for an order form. */
export const labelsEn: Labels = /* @__PURE__ */ defineLabels({
  lang: 'en',
  fields: {
    category: 'Order type',
    description: 'Description',
    orderPostedDate: 'Order date',
    requestedCompletionDate: 'Requested completion date',
    priority: 'Priority',
    externalId: 'External reference',
    billingAccount: 'Billing account',
    note: 'Notes',
    'note[]': 'note',
    productOfferingQualification: 'Qualifications',
    'productOfferingQualification[]': 'qualification',
    relatedParty: 'Contacts',
    'relatedParty[]': 'contact',
    attachment: 'Attachments',
    'attachment[]': 'attachment',
    productOrderRelationship: 'Related orders',
    'productOrderRelationship[]': 'related order',
    additionalOrderInformation: 'Additional information',
    productOrderItem: 'Order items',
    'productOrderItem[]': 'item',
    agreement: 'Agreements',
    'agreement[]': 'agreement',
    role: 'Role',
    partyOrPartyRole: 'Person or company',
    'partyOrPartyRole/@type': 'Kind of contact',
    salutation: 'Salutation',
    givenName: 'First name',
    familyName: 'Last name',
    'partyOrPartyRole/name': 'Company name',
    contactMedium: 'Contact details',
    'contactMedium[]': 'contact detail',
    'contactMedium[]/@type': 'Contact channel',
    contactType: 'Kind of contact',
    phoneNumber: 'Phone number',
    emailAddress: 'Email address',
    streetName: 'Street',
    streetNr: 'House number',
    streetNrSuffix: 'House number suffix',
    postcode: 'Postcode',
    city: 'City',
    locality: 'District',
    country: 'Country',
    action: 'Action',
    product: 'Product',
    'product/@type': 'Product type',
    relatedPlace: 'Locations',
    'relatedPlace[]': 'location',
    'relatedPlace[]/role': 'Kind of location',
    'relatedPlace[]/place': 'Site or address',
    'place/@type': 'Kind of place',
    geographicSiteCharacteristic: 'Site characteristics',
    'geographicSiteCharacteristic[]': 'characteristic',
    'geographicSiteCharacteristic[]/name': 'Characteristic',
    'geographicSiteCharacteristic[]/value': 'Value',
    'place/place': 'Site addresses',
    'place/place[]': 'site address',
    'place/place[]/@type': 'Kind of place',
    id: 'Reference',
    '@type': 'Kind',
    '@referredType': 'Kind of reference',
    engagedParty: 'Contract party',
    'engagedParty[]': 'contract party',
    businessId: 'Business ID',
  },
  values: {
    new: 'New order',
    productChange: 'Product change',
    technologyChange: 'Technology change',
    productModification: 'Product modification',
    terminationByBuyer: 'Termination by the buyer',
    terminationBySeller: 'Termination by the seller',
    providerChange: 'Provider change',
    providerTechnologyChange: 'Provider and technology change',
    terminationProviderChange: 'Termination on provider change',
    portChange: 'Port change',
    add: 'Add',
    modify: 'Modify',
    delete: 'Terminate',
    noChange: 'No change',
    HvtLocalLoopProduct: 'Local loop from the exchange (HVt)',
    KvzLocalLoopProduct: 'Local loop from the street cabinet (KVz)',
    BitstreamAccessProduct: 'Bitstream access line',
    OpticalAccessLineProduct: 'Fibre access line',
    locationA: 'Location A',
    locationB: 'Location B',
    alternateAddress: 'Alternate address',
    Herr: 'Mr',
    Frau: 'Ms',
    'keine Anrede': 'No salutation',
    GeographicAddress: 'Address',
    GeographicSite: 'Exchange site',
    PlaceRef: 'Address reference',
    Individual: 'Person',
    Organization: 'Company',
    PhoneContactMedium: 'Phone',
    EmailContactMedium: 'Email',
    PostalAddressContactMedium: 'Postal address',
    fixed: 'Landline',
    mobile: 'Mobile',
    email: 'Email',
    postal: 'Post',
    technicalContact: 'Technical contact',
    installationContact: 'Installation contact',
    ownerAdministrationContact: "Owner's administration contact",
    ownerInstallationContact: "Owner's installation contact",
    orderManagementSellerContact: "Seller's order management",
    orderManagementBuyerContact: "Buyer's order management",
    deliveryContact: 'Delivery contact',
    locationAContact: 'Contact at location A',
    handingOverProvider: 'Handing-over provider',
    receivingProvider: 'Receiving provider',
    subcontractor: 'Subcontractor',
    national_destination_code: 'Area code',
    local_exchange_area: 'Local exchange area',
    collocation_room_name: 'Collocation room',
  },
  item: (noun, n) => `${noun} ${n}`,
  within: (field, item) => `${field} (${item})`,
  or: /* @__PURE__ */ joinWith('or'),
  // the codes the rule folders introduce are worded in their folders (labels.<lang>.ts)
  messages: /* @__PURE__ */ Object.assign({}, codes, {
    required: (_, c) => `${c.field} is required.`,
    wrong_type: (f, c) => {
      const type = types[String(p(f).expected)];
      return type ? `${c.field} must be ${type}.` : `${c.field} is not in the expected form.`;
    },
    not_allowed: (f, c) => `${c.field} must be ${c.list(p(f).allowed)}.`,
    unknown_type: (f, c) => `${c.field} must be ${c.list(p(f).allowed)}.`,
    too_short: (f, c) =>
      p(f).limit === 1 ? `${c.field} must not be empty.` : `${c.field} must be at least ${p(f).limit} characters long.`,
    too_long: (f, c) => `${c.field} must be at most ${p(f).limit} characters long.`,
    too_few_items: (f, c) => `${c.field}: add at least ${items(p(f).limit, c.row)}.`,
    too_many_items: (f, c) => `${c.field}: at most ${items(p(f).limit, c.row)} allowed, remove the others.`,
    // what the date lacks, or the day the calendar does not have, as the API's message says it
    invalid_date_time: (f, c) =>
      p(f).reason === 'invalid' ? `${c.field}: enter a valid date and time.` : `${c.field}: ${dateFault(p(f))}.`,
    pattern_mismatch: (f, c) => {
      const n = digits(p(f).pattern);
      if (n?.zero) return `${c.field} must have ${n.min} digits.`;
      return n
        ? `${c.field} must have ${n.min} to ${n.max} digits and must not start with 0.`
        : `${c.field} is not in the expected form.`;
    },
    // a carrier's rule that failed: what it threw stays in params, for the logs
    rule_failed: () => 'These entries could not be fully checked. Please try again later.',
    did_you_mean: (f, c) => `${c.field}: did you mean ${c.value(p(f).suggestion)}?`,
  } satisfies LabelWords['messages']),
  rules,
});
