// The parts of Node that the HTTP helpers use, typed by their shape: the request a reader takes, the
// response a writer writes, and \`node:buffer\` where the code runs on Node.

/** The parts of Node's `http.IncomingMessage` the reader uses. */
export interface NodeRequest {
  /** The request method. */
  readonly method?: string | undefined;
  /** The request target: the path and query, or an absolute URL. */
  readonly url?: string | undefined;
  /** The request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The header lines as sent, name and value in turn: a header sent twice shows here, not in `headers`. */
  readonly rawHeaders?: readonly string[] | undefined;
  /** True once the body was read to its end, by this reader or another. */
  readonly readableEnded?: boolean | undefined;
  /** True once the stream was destroyed. */
  readonly destroyed?: boolean | undefined;
  /** Closes the connection. */
  destroy?(): unknown;
  /** Listens for each chunk of the body. */
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  /** Listens for the end of the body, or for the close of the connection. */
  on(event: 'end' | 'close', listener: () => void): unknown;
  /** Listens for a failure of the stream, such as a client that aborts. */
  on(event: 'error', listener: (error: unknown) => void): unknown;
  /** Stops listening for the chunks of the body, once the body is read or the reply sent. */
  removeListener(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  /** Stops listening for the end of the body or the close of the connection. */
  removeListener(event: 'end' | 'close', listener: () => void): unknown;
  /** Stops listening for a failure of the stream. */
  removeListener(event: 'error', listener: (error: unknown) => void): unknown;
}

/** The parts of Node's `http.ServerResponse` the writers use. */
export interface NodeResponse {
  /** Sends the status and the headers. */
  writeHead(status: number, headers: Readonly<Record<string, string>>): unknown;
  /** Sends the body, if any, and ends the response. */
  end(body?: string): unknown;
}

/** The part of Node's `node:buffer` the decoder uses where it runs on Node (20.16 and later). */
export interface NodeBuffers {
  /** Whether the bytes are UTF-8, checked natively. */
  isUtf8(bytes: Uint8Array): boolean;
  /** `Buffer`, whose `byteLength` counts a text's UTF-8 bytes natively. */
  readonly Buffer?: { byteLength(text: string, encoding: 'utf8'): number };
}

/** Node's native UTF-8 check, or undefined where there is no `process.getBuiltinModule` (a browser, a worker). */
export const nodeBuffers: NodeBuffers | undefined = /* @__PURE__ */ (() => {
  try {
    const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
    const buffers = typeof get === 'function' ? (get('node:buffer') as Partial<NodeBuffers> | undefined) : undefined;
    return typeof buffers?.isUtf8 === 'function' ? (buffers as NodeBuffers) : undefined;
  } catch {
    return undefined;
  }
})();
