import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../test/runs.js';
import { nearest } from './near.js';

const roles = ['locationA', 'locationB', 'alternateAddress'];

describe('nearest', () => {
  it.each([
    ['requestedCompletionDat', ['requestedCompletionDate', 'orderPostedDate'], 'requestedCompletionDate'],
    ['HVTLocalLoopProduct', ['HvtLocalLoopProduct', 'KvzLocalLoopProduct'], 'HvtLocalLoopProduct'],
    ['locatoinA', roles, 'locationA'],
    ['locationC', roles, 'locationA'],
    ['NEW', ['new', 'portChange'], 'new'],
    ['notes', ['note', 'agreement'], 'note'],
    ['phonenumber', ['phoneNumber'], 'phoneNumber'],
  ])('takes %j for a slip of the known %j', (found, known, suggestion) =>
    expect(nearest(found, known)).toBe(suggestion),
  );

  it.each([
    ['id', ['ip', 'href']],
    ['href', ['@type', 'note']],
    ['productCharacteristic', ['productOrderItem', 'product']],
    ['locationA', roles],
    ['', ['new']],
    ['neww', ['new']],
  ])('takes %j for no slip of %j', (found, known) => expect(nearest(found, known)).toBeUndefined());

  it('finds every name of 4 or more characters again after one edit, and of 8 or more after two apart', () => {
    const name = fc.stringMatching(/^[a-z]{4,20}$/);
    const edit = fc.tuple(fc.nat(), fc.constantFrom('drop', 'add', 'change', 'swap'), fc.constantFrom('x', 'Q', '_'));
    // two edits apart: the second at least 3 characters after the first (OSA edits no substring twice)
    const edits = (known: string) =>
      known.length < 8
        ? fc.array(
            edit.map(([at, kind, c]) => [at % known.length, kind, c] as const),
            { minLength: 1, maxLength: 1 },
          )
        : fc
            .tuple(edit, edit)
            .map(([a, b]) => [[a[0] % 3, a[1], a[2]] as const, [6 + (b[0] % 2), b[1], b[2]] as const]);
    fc.assert(
      fc.property(
        name.chain((known) => fc.tuple(fc.constant(known), edits(known))),
        ([known, edits]) => {
          let found = known;
          for (const [at, kind, c] of edits) {
            // a drop before the second edit shortens the name: clamp, never wrap round to the first edit
            const i = Math.min(at, found.length - 1);
            if (kind === 'drop') found = found.slice(0, i) + found.slice(i + 1);
            else if (kind === 'add') found = found.slice(0, i) + c + found.slice(i);
            else if (kind === 'change') found = found.slice(0, i) + c + found.slice(i + 1);
            else if (i + 1 < found.length) found = found.slice(0, i) + found[i + 1] + found[i] + found.slice(i + 2);
          }
          expect(nearest(found, [known])).toBe(found === known ? undefined : known);
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});
