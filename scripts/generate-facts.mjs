// Reads from the schema the facts the hand-written rules need (roles, place kinds, product types,
// characteristic names and patterns, counts and lengths), each at the schema path that states it,
// so that the rules state none of them again. A fact not where it is read from fails the build.

/** The value at the JSON Pointer `pointer` (`#/...`) of `schema`; throws, naming it, when there is none. */
function reader(schema) {
  return (pointer, kind) => {
    let node = schema;
    for (const token of pointer.slice(2).split('/')) {
      const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
      node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? node[key] : undefined;
    }
    const fits =
      kind === 'strings'
        ? Array.isArray(node) && node.length > 0 && node.every((v) => typeof v === 'string')
        : typeof node === kind;
    if (!fits) throw new Error(`facts: no ${kind} at ${pointer}`);
    return node;
  };
}

const items = (rule) => `#/$defs/${rule}/then/properties/productOrderItem/items`;
const places = (rule) => `${items(rule)}/then/properties/product/properties/relatedPlace`;

/** The module of facts of `schema`, as TypeScript source, with those the folders of `rules` name. */
export function factsModule(schema, rules = []) {
  const at = reader(schema);
  const one = (pointer) => [at(pointer, 'string')];
  const count = (pointer) => ({ min: at(`${pointer}/minItems`, 'number'), max: at(`${pointer}/maxItems`, 'number') });
  const length = (pointer) => ({
    min: at(`${pointer}/minLength`, 'number'),
    max: at(`${pointer}/maxLength`, 'number'),
  });
  // a characteristic's value is checked by a pattern, or else by its length
  const characteristic = (pointer) => {
    const value = `${pointer}/contains/properties/value`;
    const name = at(`${pointer}/contains/properties/name/const`, 'string');
    if (at(`${value}/type`, 'string') !== 'string') throw new Error(`facts: no string value at ${value}`);
    let pattern;
    try {
      pattern = at(`${value}/pattern`, 'string');
    } catch {
      return { name, text: length(value) };
    }
    return { name, pattern: new RegExp(pattern, 'u') };
  };
  const locationA = at('#/$defs/LocationA/properties/role/const', 'string');
  const locationB = at('#/$defs/LocationB/properties/role/const', 'string');
  const loopSite = '#/$defs/LocalLoopSite/properties';
  const roomSite = '#/$defs/CollocationSite/properties';

  const facts = {
    newCategory: [
      'The category of a new order (R1, R9 to R12).',
      at('#/$defs/NewOrder/properties/category/const', 'string'),
    ],
    qualifications: [
      'How many productOfferingQualification items a new order may have (R1).',
      at('#/$defs/R1/then/properties/productOfferingQualification/maxItems', 'number'),
    ],
    contactRoles: [
      'The roles that need a phone contact medium (R3).',
      at('#/$defs/R3/if/properties/role/enum', 'strings'),
    ],
    phoneMedium: [
      'The @type of the contact medium R3 asks for.',
      at('#/$defs/PhoneTagged/properties/@type/const', 'string'),
    ],
    deliveryRoles: ['The roles that need a postal contact medium (R4).', one('#/$defs/R4/if/properties/role/const')],
    postalMedium: [
      'The @type of the contact medium R4 asks for.',
      at('#/$defs/PostalTagged/properties/@type/const', 'string'),
    ],
    partyRoles: [
      'Every role of a related party, of the groups of R3 to R5 (R6).',
      at('#/$defs/R6/properties/role/enum', 'strings'),
    ],
    freeRoles: [
      'The roles of R5: those of R6 that neither R3 nor R4 names.',
      at('#/$defs/R6/properties/role/enum', 'strings').filter(
        (role) =>
          !at('#/$defs/R3/if/properties/role/enum', 'strings').includes(role) &&
          role !== at('#/$defs/R4/if/properties/role/const', 'string'),
      ),
    ],
    placeRoles: ['The roles of a related place (R7).', at('#/$defs/RelatedPlace/properties/role/enum', 'strings')],
    placeKinds: ['The @type of a place (R8).', at('#/$defs/Place/properties/@type/enum', 'strings')],
    address: [
      'The @type of a GeographicAddress place.',
      at('#/$defs/GeographicAddress/properties/@type/const', 'string'),
    ],
    site: ['The @type of a GeographicSite place.', at('#/$defs/GeographicSite/properties/@type/const', 'string')],
    placeRef: ['The @type of a PlaceRef place.', at('#/$defs/PlaceRef/properties/@type/const', 'string')],
    referredTypes: ['What a PlaceRef may refer to.', one('#/$defs/PlaceRef/properties/@referredType/const')],
    addAction: [
      'The action of every item of a new order (R9).',
      at(`${items('R9')}/properties/action/const`, 'string'),
    ],
    localLoop: [
      'R10: the local loop products, the count of their places, and their locationB site.',
      {
        products: at('#/$defs/LocalLoopItem/properties/product/properties/@type/enum', 'strings'),
        places: count(places('R10')),
        roles: [locationA, locationB],
        site: at(`${loopSite}/@type/const`, 'string'),
        characteristics: [0, 1].map((k) => characteristic(`${loopSite}/geographicSiteCharacteristic/allOf/${k}`)),
        nested: count(`${loopSite}/place`),
      },
    ],
    bitstream: [
      'R11: the bitstream product, the count of its places, and their role.',
      {
        products: one('#/$defs/BitstreamItem/properties/product/properties/@type/const'),
        places: count(places('R11')),
        role: at(`${places('R11')}/items/properties/role/const`, 'string'),
      },
    ],
    opticalAccess: [
      'R12: the optical access product, the count of its places, the role one must have, and the locationB site.',
      {
        products: one('#/$defs/OpticalAccessItem/properties/product/properties/@type/const'),
        places: count(places('R12')),
        roles: [locationA],
        site: at(`${roomSite}/@type/const`, 'string'),
        characteristics: [characteristic(`${roomSite}/geographicSiteCharacteristic`)],
        nested: count(`${roomSite}/place`),
      },
    ],
    locationB: ['The role of the place whose site R10 and R12 check.', locationB],
    engagedParties: ['How many engaged parties an agreement may have (R13).', at('#/$defs/R13/maxItems', 'number')],
    engagedType: ['The @type of an engaged party (R13).', one('#/$defs/EngagedParty/properties/@type/const')],
    businessId: [
      'The length of an engaged party businessId (R13).',
      length('#/$defs/EngagedParty/properties/businessId'),
    ],
  };
  // the facts a rule folder names in its rule.json: a value at a schema path, a string, strings or a number
  for (const rule of rules)
    for (const [name, { doc, at: pointer, kind }] of Object.entries(rule.facts ?? {})) {
      if (Object.hasOwn(facts, name)) throw new Error(`facts: ${name} of ${rule.id} is named twice`);
      facts[name] = [doc, at(pointer, kind)];
    }
  const lines = Object.entries(facts).map(
    ([name, [doc, value]]) => `/** ${doc} */\nexport const ${name} = ${source(value)} as const;`,
  );
  return `${lines.join('\n\n')}\n`;
}

/** `value` as TypeScript source: JSON, but a RegExp as its literal. */
function source(value) {
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([key, v]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${source(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}
