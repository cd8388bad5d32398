// The work a call does on a value, counted, not timed: every Proxy trap it springs. And the hostile
// hostile shapes (shared references, cycles, fake lengths, holes), each counting its own traps.

/** A counter of Proxy traps, shared by the shapes of one case; past `limit`, a trap throws, so that a run over its bound ends. */
/** The lists an in-flight change shares with the order, which its validators and guard read. */
export const inflightLists: readonly string[] = [
  'note',
  'externalId',
  'agreement',
  'productOrderItem',
  'relatedParty',
  'contactMedium',
  'relatedPlace',
];

export interface Traps {
  count: number;
  limit?: number;
}

/** Counts one trap; throws past the limit. */
function spring(traps: Traps): void {
  if (++traps.count > (traps.limit ?? Number.POSITIVE_INFINITY)) throw new Error(`more than ${traps.limit} traps`);
}

const isIndex = (key: string | symbol): key is string => typeof key === 'string' && /^(?:0|[1-9][0-9]*)$/.test(key);

/** A handler that counts every trap a reader springs, then does what the target does. */
function countingHandler<T extends object>(traps: Traps, wrap: (value: unknown) => unknown): ProxyHandler<T> {
  return {
    get: (target, key, receiver) => {
      spring(traps);
      return wrap(Reflect.get(target, key, receiver));
    },
    has: (target, key) => {
      spring(traps);
      return Reflect.has(target, key);
    },
    ownKeys: (target) => {
      spring(traps);
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor: (target, key) => {
      spring(traps);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    getPrototypeOf: (target) => {
      spring(traps);
      return Reflect.getPrototypeOf(target);
    },
  };
}

/**
 * `value` with every object in it behind a Proxy that counts into `traps`; a shared object gets one
 * Proxy, so that shared references and cycles stay what they are.
 */
export function counting<T>(value: T, traps: Traps = { count: 0 }): T {
  const proxies = new WeakMap<object, object>();
  const wrap = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    let proxy = proxies.get(node);
    if (!proxy) {
      proxy = new Proxy(node, countingHandler(traps, wrap));
      proxies.set(node, proxy);
    }
    return proxy;
  };
  return wrap(value) as T;
}

/**
 * An array that says it has `length` elements, each its own and each `element()`: what a Proxy
 * may claim, no memory behind it.
 */
export function fakeLength(traps: Traps, element: () => unknown, length = 2 ** 32 - 1): unknown[] {
  return new Proxy([], {
    get: (target, key, receiver) => {
      spring(traps);
      if (key === 'length') return length;
      return isIndex(key) && Number(key) < length ? element() : Reflect.get(target, key, receiver);
    },
    has: (target, key) => {
      spring(traps);
      return (isIndex(key) && Number(key) < length) || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor: (target, key) => {
      spring(traps);
      if (isIndex(key) && Number(key) < length)
        return { value: element(), writable: true, enumerable: true, configurable: true };
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys: (target) => {
      spring(traps);
      return Reflect.ownKeys(target);
    },
  });
}

/**
 * An array that says it has `length` elements, all of them holes, behind a Proxy whose `get` gives
 * `element()` for every index: holes that read as elements.
 */
export function proxyHoles(traps: Traps, element: () => unknown = () => ({}), length = 2 ** 32 - 1): unknown[] {
  return new Proxy([], {
    get: (target, key, receiver) => {
      spring(traps);
      if (key === 'length') return length;
      return isIndex(key) ? element() : Reflect.get(target, key, receiver);
    },
    has: (target, key) => {
      spring(traps);
      return Reflect.has(target, key);
    },
  });
}

/** An array of `length` holes whose prototype gives `element()` for every index, counting each read there. */
export function prototypeHoles(traps: Traps, element: () => unknown = () => ({}), length = 1e7): unknown[] {
  const prototype = new Proxy(Array.prototype, {
    get: (target, key, receiver) => {
      spring(traps);
      return isIndex(key) ? element() : Reflect.get(target, key, receiver);
    },
    has: (target, key) => {
      spring(traps);
      return isIndex(key) || Reflect.has(target, key);
    },
  });
  return Object.setPrototypeOf(new Array(length), prototype);
}

/**
 * `levels` objects, each with `a` and `b` both the next one, the last `leaf`: 2^levels paths through
 * `levels + 1` objects.
 */
export function sharedReferences(levels: number, leaf: object = { description: '' }): Record<string, unknown> {
  let node: Record<string, unknown> = { ...leaf };
  for (let i = 0; i < levels; i++) node = { a: node, b: node };
  return node;
}
