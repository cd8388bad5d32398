// Arbitraries of product orders for the suites: valid ones and the mutants of every rule, composed of
// the rule folders' arbitrary.ts (src/arbitraries.ts), and values that are no JSON.
import fc from 'fast-check';
import { order } from '../src/arbitraries/compose.js';

export {
  inflightMutants,
  inflightOrder,
  type Mutant,
  medium,
  mutants,
  newItemOf,
  order,
  orderItem,
  orderOf,
  productTypes,
  relatedParty,
} from '../src/arbitraries/compose.js';

type Json = Record<string, unknown>;

/** A class of the caller's, whose instances are objects but no JSON objects. */
class Carrier {
  id = '1';
}

/**
 * Values JSON.stringify would not send as they are, each made anew (a caller's own objects), with
 * whether it may stand as an object's property (`undefined` there is absent, as JSON leaves it out).
 */
export const notJson: fc.Arbitrary<{ value: unknown; found: string; inObject: boolean }> = fc
  .constantFrom<[string, () => unknown, boolean?]>(
    ['Date', () => new Date(0)],
    ['String', () => new String('new')],
    ['Number', () => new Number(1)],
    ['Boolean', () => new Boolean(true)],
    ['BigInt', () => 10n],
    ['function', () => () => 'x'],
    ['symbol', () => Symbol('x')],
    ['toJSON', () => ({ id: '1', toJSON: () => ({ other: 'shape' }) })],
    ['Map', () => new Map([['id', '1']])],
    ['Set', () => new Set(['1'])],
    ['Uint8Array', () => new Uint8Array(2)],
    ['Carrier', () => new Carrier()],
    ['prototype', () => Object.create({ id: '1' })],
    ['NaN', () => Number.NaN],
    ['Infinity', () => Number.POSITIVE_INFINITY],
    ['-Infinity', () => Number.NEGATIVE_INFINITY],
    ['undefined', () => undefined, false],
  )
  .map(([found, make, inObject = true]) => ({ value: make(), found, inObject }));

/**
 * A valid order with the node at a random place (found by a walk that takes a child `steps` times)
 * replaced by a value that is no JSON: the order and the pointer of that node.
 */
export const orderWithNotJson: fc.Arbitrary<{ order: Json; path: string; found: string }> = fc
  .tuple(order, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), notJson)
  .map(([o, steps, { value, found, inObject }]) => {
    let node: Record<string, unknown> | unknown[] = o;
    let path = '';
    for (const [i, step] of steps.entries()) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[step % keys.length];
      const child = (node as Record<string, unknown>)[key];
      const last = i === steps.length - 1 || typeof child !== 'object' || child === null;
      if (last && (Array.isArray(node) || inObject)) {
        (node as Record<string, unknown>)[key] = value;
        return { order: o, path: `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, found };
      }
      if (last) break;
      path += `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      node = child as Record<string, unknown>;
    }
    // no place taken: the value as a property of the order's own
    o['x-carrier'] = inObject ? value : [value];
    return { order: o, path: inObject ? '/x-carrier' : '/x-carrier/0', found };
  });
