// R-party: partyOrPartyRole is exactly one of Individual (familyName, salutation required; givenName;
// each 1 to 30) and Organization (name 1 to 60, required).
//
// A table rule: its check is its part of the schema, compiled into the walk of an order
// (src/registry/walk.js, by npm run generate); it has no hooks.
export {};
