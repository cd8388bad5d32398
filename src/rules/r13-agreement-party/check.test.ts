import { describe, it } from 'vitest';
import { categories, chars, orderWith, ruleKit, withCategory } from '../test-kit.js';

const { expectNoViolation, expectViolation, expectViolations } = ruleKit('R13');

const r13 = { rule: 'R13' } as const;
const org = (extra: object = {}) => ({ '@type': 'Organization', businessId: 'DE-123456789', ...extra });
const withAgreements = (...agreements: unknown[]) =>
  orderWith((o) => {
    o.agreement = agreements;
  });
const withEngaged = (...engagedParty: unknown[]) => withAgreements({ id: 'AG-1', engagedParty });
const at = '/agreement/0/engagedParty';

describe('R13: the engaged party of an agreement', () => {
  it('holds without agreement', () => expectNoViolation(withAgreements()));
  it('holds for an agreement without engagedParty', () => expectNoViolation(withAgreements({ id: 'AG-1' })));
  it('counts an undefined engagedParty as absent', () =>
    expectNoViolation(withAgreements({ id: 'AG-1', engagedParty: undefined })));
  it('holds for an empty engagedParty', () => expectNoViolation(withEngaged()));
  it('holds for one Organization with businessId', () => expectNoViolation(withEngaged(org())));
  it('holds without name', () => expectNoViolation(withEngaged({ '@type': 'Organization', businessId: 'B' })));
  it('does not apply the Organization table of R-party', () =>
    expectNoViolation(withEngaged(org({ name: chars(61) }))));
  it.each([
    ['1 character', 'B'],
    ['40 characters', chars(40)],
    ['40 emoji', chars(40, '😀')],
  ])('holds for businessId of %s', (_, businessId) => expectNoViolation(withEngaged(org({ businessId }))));
  it('holds for several agreements with one party each', () =>
    expectNoViolation(withAgreements({ engagedParty: [org()] }, { engagedParty: [org({ businessId: 'X' })] })));
  it.each(categories)('applies to category %s', (category) =>
    expectViolation(
      orderWith((o) => {
        o.agreement = [{ engagedParty: [org(), org()] }];
      }, withCategory(category)),
      { ...r13, code: 'too_many_items', path: at },
    ),
  );

  it('rejects 2 engaged parties', () =>
    expectViolation(withEngaged(org(), org()), {
      ...r13,
      code: 'too_many_items',
      path: at,
      params: { limit: 1, actual: 2 },
    }));
  it.each([org(), 'ORG-1', null])('rejects the engagedParty %j', (value) =>
    expectViolation(withAgreements({ engagedParty: value }), {
      ...r13,
      code: 'wrong_type',
      path: at,
      params: { expected: 'array' },
    }),
  );
  it.each(['DE-123', null, [org()]])('rejects the engaged party %j', (value) =>
    expectViolation(withEngaged(value), {
      ...r13,
      code: 'wrong_type',
      path: `${at}/0`,
      params: { expected: 'object' },
    }),
  );
  it('requires @type', () =>
    expectViolation(withEngaged({ businessId: 'B' }), {
      ...r13,
      code: 'required',
      path: `${at}/0`,
      params: { property: '@type' },
    }));
  it.each(['Individual', 'organization', 'PartyRef', 1])('rejects the @type %j', (type) =>
    expectViolation(withEngaged(org({ '@type': type })), {
      ...r13,
      code: 'not_allowed',
      path: `${at}/0/@type`,
      params: { allowed: ['Organization'] },
    }),
  );
  it('requires businessId', () =>
    expectViolation(withEngaged({ '@type': 'Organization', id: 'ORG-1', name: 'Muster GmbH' }), {
      ...r13,
      code: 'required',
      path: `${at}/0`,
      params: { property: 'businessId' },
    }));
  it('does not count an inherited businessId as present', () =>
    expectViolation(withEngaged(Object.assign(Object.create({ businessId: 'B' }), { '@type': 'Organization' })), {
      ...r13,
      code: 'required',
      path: `${at}/0`,
      params: { property: 'businessId' },
    }));
  it('rejects an empty businessId', () =>
    expectViolation(withEngaged(org({ businessId: '' })), {
      ...r13,
      code: 'too_short',
      path: `${at}/0/businessId`,
      params: { limit: 1 },
    }));
  it.each([
    ['41 characters', chars(41)],
    ['41 emoji', chars(41, '😀')],
  ])('rejects businessId of %s', (_, businessId) =>
    expectViolation(withEngaged(org({ businessId })), {
      ...r13,
      code: 'too_long',
      path: `${at}/0/businessId`,
      params: { limit: 40 },
    }),
  );
  it('rejects a businessId that is not a string', () =>
    expectViolation(withEngaged(org({ businessId: 123456789 })), {
      ...r13,
      code: 'wrong_type',
      path: `${at}/0/businessId`,
      params: { expected: 'string', actual: 'integer' },
    }));
  it('reports each fault of an engaged party', () =>
    expectViolations(withEngaged({ name: 'Muster GmbH' }), [
      { ...r13, code: 'required', path: `${at}/0`, params: { property: '@type' } },
      { ...r13, code: 'required', path: `${at}/0`, params: { property: 'businessId' } },
    ]));
  it('reports the agreement by its index', () =>
    expectViolation(withAgreements({ engagedParty: [org()] }, { engagedParty: [org({ businessId: '' })] }), {
      ...r13,
      code: 'too_short',
      path: '/agreement/1/engagedParty/0/businessId',
    }));
});
