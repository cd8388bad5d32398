// What each rule of the specification demands, in one line: the titles of `rules`, apart from the
// checks so that a bundle of validateProductOrder, which runs the checks, leaves them out.
import type { OrderRuleId } from '../violation.js';

export const titles: Readonly<Record<OrderRuleId, string>> = {
  'R-field':
    'The order has the required fields of ProductOrder_FVO, each with the type, values, length and count the field table gives.',
  'R-contact':
    'Each contact medium is exactly one of Phone-, Email- and PostalAddressContactMedium, with their contactType, fields and lengths.',
  'R-party': 'partyOrPartyRole is exactly one of Individual and Organization, with their required fields and lengths.',
  R1: 'When category is new: productOfferingQualification has at most 1 item.',
  R3: 'A contact role requires partyOrPartyRole.contactMedium with at least one PhoneContactMedium.',
  R4: 'The role deliveryContact requires partyOrPartyRole.contactMedium with at least one PostalAddressContactMedium.',
  R5: 'locationAContact, handingOverProvider, receivingProvider and subcontractor have no contact-medium constraint.',
  R6: 'A related party has a role of exactly one of the role groups in R3 to R5.',
  R7: 'product.relatedPlace is an array whose items have role locationA, locationB or alternateAddress.',
  R8: 'Each relatedPlace item has a place that is exactly one of GeographicAddress, GeographicSite and PlaceRef.',
  R9: 'When category is new: every order item has action add, and its product requires relatedPlace.',
  R10: 'In a new order, an HVt or KVz local loop has one locationA and one locationB place, locationB a GeographicSite with national_destination_code, local_exchange_area and 1 nested place.',
  R11: 'In a new order, a BitstreamAccessProduct has exactly 1 relatedPlace, with role locationA.',
  R12: 'In a new order, an OpticalAccessLineProduct has 1 to 2 places including locationA; a locationB place is a GeographicSite with collocation_room_name (1 to 50) and 1 nested place.',
  R13: 'agreement.engagedParty has 0 to 1 items, each an Organization with businessId of 1 to 40 characters.',
  R14: 'When category is terminationByBuyer, terminationBySeller or terminationProviderChange: every order item has action delete.',
};
