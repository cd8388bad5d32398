// R5. When the role is one of locationAContact, handingOverProvider, receivingProvider,
// subcontractor, no further contact-medium constraint applies.
//
// R5 only names a role group; it never fails by itself (a role outside every group is R6's): it has
// no hooks.
export {};
