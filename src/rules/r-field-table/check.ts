// R-field: the ProductOrder_FVO field table: required fields, types, enums, lengths, item counts, date-time.
//
// A table rule: its check is its part of the schema, compiled into the walk of an order
// (src/registry/walk.js, by npm run generate); it has no hooks.
export {};
