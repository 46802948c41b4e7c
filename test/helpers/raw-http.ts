/**
 * HTTP over a raw socket, for what no HTTP client sends: requests without Host, duplicate
 * headers, and bodies that trickle or stall with things done between their parts. The
 * first response is read whole (by its Content-Length) or up to the server's close.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Milliseconds from the first byte written to the response (or the close). */
  readonly afterMs: number;
}

/** A piece of the request: bytes to write, a pause, or something to do at that point. */
export type RawStep = string | { readonly waitMs: number } | { readonly run: () => unknown };

/** Sends `steps` in order on a fresh connection to 127.0.0.1:`port` and resolves with the first response. */
export function rawExchange(port: number, steps: readonly RawStep[]): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      socket.destroy();
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = rest.join('\r\n\r\n');
      if (!statusLine) reject(new Error(`no response to ${JSON.stringify(steps.filter((s) => typeof s === 'string').join('').slice(0, 60))}`));
      else resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, Number(headers['content-length'] ?? body.length)), afterMs: Date.now() - started });
    };
    socket.on('data', (d) => {
      data += d.toString('latin1');
      const [head, body] = data.split('\r\n\r\n');
      const length = /content-length: *(\d+)/i.exec(head ?? '')?.[1];
      if (body !== undefined && length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) done();
    });
    socket.on('close', done);
    socket.on('error', (error) => (data ? done() : reject(error)));
    void (async () => {
      for (const step of steps) {
        if (isDone) return;
        if (typeof step === 'string') socket.write(step);
        else if ('waitMs' in step) await sleep(step.waitMs);
        else await step.run();
      }
    })().catch(reject);
  });
}

/** Writes `text` on a fresh connection and reads the first response. */
export function raw(port: number, text: string): Promise<RawResponse> {
  return rawExchange(port, [text]);
}
