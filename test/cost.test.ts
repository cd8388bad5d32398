// Bounded cost: the work of a validation grows linearly with the input, counted as reads of the
// input (every Proxy trap), not timed; and no regular expression can backtrack catastrophically.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { validateProductOrder } from '../src/index.js';
import { address, individual, item, loopSite, party, phone, place, validOrder } from '../src/rules/test-kit.js';

/** How many times validating `input` touches it: every trap of a Proxy around each of its objects. */
function reads(input: object): number {
  let count = 0;
  const seen = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const known = seen.get(value);
    if (known) return known;
    const proxy = new Proxy(value, {
      get: (target, key, receiver) => {
        count++;
        return wrap(Reflect.get(target, key, receiver));
      },
      has: (target, key) => {
        count++;
        return Reflect.has(target, key);
      },
      ownKeys: (target) => {
        count++;
        return Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor: (target, key) => {
        count++;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    seen.set(value, proxy);
    return proxy;
  };
  validateProductOrder(wrap(input));
  return count;
}

/** An order with `n` order items and `n` related parties, valid or each item and party broken. */
function sized(n: number, broken: boolean): object {
  const order = validOrder();
  const places = [place('locationA', address()), place('locationB', loopSite(broken ? '0221' : '221'))];
  order.productOrderItem = Array.from({ length: n }, () => item('HvtLocalLoopProduct', structuredClone(places)));
  order.relatedParty = Array.from({ length: n }, () =>
    party(broken ? 'technicalcontact' : 'technicalContact', individual({ contactMedium: [phone()] })),
  );
  return order;
}

describe('the cost of a validation', () => {
  it.each([
    ['a valid order', false],
    ['an order whose every item and party is broken', true],
  ])('grows linearly with the number of items and parties, for %s', (_, broken) => {
    const small = reads(sized(100, broken));
    const large = reads(sized(1000, broken));
    expect(small).toBeGreaterThan(100);
    expect(large / small).toBeLessThanOrEqual(10.5);
    expect(large / small).toBeGreaterThanOrEqual(9);
  });
});

/** Every regular expression the package ships or evaluates: the schema's patterns and every one in src/. */
function expressions(): { where: string; source: string; flags: string }[] {
  const found: { where: string; source: string; flags: string }[] = [];
  const walk = (node: unknown, where: string) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.push({ where, source: value, flags: 'u' });
      else walk(value, `${where}/${key}`);
    }
  };
  walk(JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8')), 'schema#');

  for (const file of sources('src')) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isRegularExpressionLiteral(node)) {
        const literal = node.text;
        const cut = literal.lastIndexOf('/');
        const declared = ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '';
        if (!file.includes('ajv-formats') || ['DATE', 'TIME', 'DATE_TIME_SEPARATOR'].includes(declared))
          found.push({
            where: `${file}:${declared || node.getStart()}`,
            source: literal.slice(1, cut),
            flags: literal.slice(cut + 1),
          });
      }
      if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        expect(pattern && ts.isStringLiteral(pattern), `${file}: a RegExp built from a non-literal`).toBe(true);
        found.push({
          where: file,
          source: (pattern as ts.StringLiteral).text,
          flags: flags ? (flags as ts.StringLiteral).text : '',
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('regular expressions', () => {
  const all = expressions();

  it("are found in the schema, the rules' facts and the generated code", () => {
    const wheres = all.map((e) => e.where).join('\n');
    expect(wheres).toMatch(/schema#/);
    expect(wheres).toMatch(/src\/read\.ts/);
    expect(wheres).toMatch(/src\/generated\/facts\.ts/);
    expect(wheres).toMatch(/src\/generated\/full-schema/);
  });

  it.each(all.map((e) => [`${e.where} /${e.source}/${e.flags}`, e]))('%s cannot backtrack catastrophically', (_, e) => {
    const { source, flags } = e as { source: string; flags: string };
    expect(checkSync(source, flags.replace(/[gy]/g, ''), { timeout: 10_000 }).status).toBe('safe');
  });
});
