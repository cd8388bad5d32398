// R-contact: every item of partyOrPartyRole.contactMedium is exactly one of PhoneContactMedium
// (fixed | mobile, phoneNumber 1 to 30), EmailContactMedium (email, emailAddress 1 to 255) and
// PostalAddressContactMedium (postal, city, postcode, streetName, streetNr required; field lengths).
//
// A table rule: its check is its part of the schema, compiled into the walk of an order
// (src/registry/walk.js, by npm run generate); it has no hooks.
export {};
