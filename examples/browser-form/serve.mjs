// Serves the order form example under a strict Content-Security-Policy (no inline script, no eval).
// Usage: node node_modules/product-order-validator/examples/browser-form/serve.mjs [--port 8080] [--host 127.0.0.1]
// [--bundle dist/browser.js]; by default it serves the browser module of the package it lies in.
// Prints the address once it listens; --port 0 picks a free port.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    bundle: { type: 'string', default: here('../../dist/browser.js') },
  },
});

/** The policy of a carrier portal: scripts only from this origin, so neither inline code nor eval runs. */
const policy = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

const javascript = 'text/javascript; charset=utf-8';
const files = new Map([
  ['/', [here('index.html'), 'text/html; charset=utf-8']],
  ['/form.js', [here('form.js'), javascript]],
  ['/form.css', [here('form.css'), 'text/css; charset=utf-8']],
  ['/product-order-validator.js', [values.bundle, javascript]],
]);

const server = createServer(async (request, response) => {
  const headers = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
  const path = new URL(request.url, 'http://localhost').pathname;
  const file = request.method === 'GET' || request.method === 'HEAD' ? files.get(path) : undefined;
  if (path === '/favicon.ico') {
    response.writeHead(204, headers).end();
    return;
  }
  if (!file) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  try {
    const body = await readFile(file[0]);
    response.writeHead(200, { ...headers, 'Content-Type': file[1] }).end(body);
  } catch {
    response
      .writeHead(500, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end(`cannot read ${file[0]}\n`);
  }
});

server.listen(Number(values.port), values.host, () => {
  const { address, port } = server.address();
  console.log(`http://${address}:${port}/`);
});
