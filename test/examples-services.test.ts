// examples/express, examples/fastify and examples/hono run by node from a folder that installed the
// packed package beside the framework, as `npm run example:<name>` runs them, and called over loopback.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ExampleServer, startExampleServer } from './example-server.js';

const order = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');
const change = readFileSync('examples/inflight/valid/reschedule-completion-date.json', 'utf8');
const admin = { authorization: 'Bearer demo-admin', 'content-type': 'application/json' };
const reader = { authorization: 'Bearer demo-reader' };

for (const name of ['express', 'fastify', 'hono']) {
  describe(`examples/${name}`, () => {
    let server: ExampleServer | undefined;
    afterAll(() => {
      server?.process.kill();
    });

    it('is a complete service in under 50 lines, its time limits set', () => {
      expect(readFileSync(`examples/${name}/server.mjs`, 'utf8').trimEnd().split('\n').length).toBeLessThan(50);
      const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
      expect(scripts[`example:${name}`]).toBe(`tsup --silent && node examples/${name}/server.mjs`);
    });

    it('creates orders and changes, lists them for a reader, refuses a reader a create, and receives an event', async () => {
      server = await startExampleServer(inject('consumer'), {}, name);
      const base = `${server.base}/api`;
      const created = await fetch(`${base}/productOrder`, { method: 'POST', headers: admin, body: order });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ state: 'acknowledged', id: expect.any(String) });
      const invalid = await fetch(`${base}/productOrder`, { method: 'POST', headers: admin, body: '{}' });
      expect(invalid.status).toBe(400);
      const changed = await fetch(`${base}/inflightChangeProductOrder`, {
        method: 'POST',
        headers: admin,
        body: change,
      });
      expect(changed.status).toBe(201);
      const href = changed.headers.get('location');
      expect(href).toMatch(/^\/api\/inflightChangeProductOrder\//);
      expect((await fetch(`${server.base}${href}`, { headers: reader })).status).toBe(200);
      const listed = await fetch(`${base}/inflightChangeProductOrder?fields=state`, { headers: reader });
      expect(listed.headers.get('x-total-count')).toBe('1');
      const refused = await fetch(`${base}/productOrder`, {
        method: 'POST',
        headers: { ...admin, ...reader },
        body: order,
      });
      expect(refused.status).toBe(403);
      const unknown = await fetch(`${base}/productOrder`, {
        method: 'POST',
        headers: { ...admin, authorization: 'Bearer x' },
        body: order,
      });
      expect(unknown.status).toBe(401);
      const event = JSON.stringify({ eventId: 'E-7', event: { appointment: { id: 'A-1' } } });
      const listened = await fetch(`${base}/listener/appointmentCreateEvent`, {
        method: 'POST',
        headers: admin,
        body: event,
      });
      expect(listened.status).toBe(204);
      await expect.poll(() => server?.output.join('\n')).toContain('AppointmentCreateEvent E-7');
    });
  });
}
