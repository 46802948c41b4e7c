/**
 * A small loopback HTTP proxy in front of the real sandbox, for losing answers on purpose:
 * it can forward a request and then cut the client's connection before the answer reaches
 * it (the write happened, the client does not know), cut before forwarding (nothing
 * happened), forward and never answer (the client waits while the write has happened), or
 * forward at once and hold the answer back for a while (a service that applies a write at
 * once and answers late: the sandbox's --latency waits before applying). It can also drop
 * the Authorization header, to make the sandbox answer missing_api_key to a client that
 * always sends one. Nothing of the sandbox is mocked.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Forward, then cut the client off; cut before forwarding; or forward and never answer (the client waits until it gives up or dies). */
export type CutMode = 'after_forward' | 'before_forward' | 'hold_after_forward';

export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  /** The sandbox's status, when the request was forwarded. */
  readonly status?: number;
  readonly cut?: CutMode;
}

export interface CuttingProxy {
  /** The sandbox's base URL, with the proxy's host and port. */
  readonly url: string;
  /** Every request seen, in order. */
  readonly requests: readonly ProxiedRequest[];
  /** Cuts the next request whose method and path match. */
  cutNext(match: { readonly method?: string; readonly path: RegExp }, mode: CutMode): void;
  /** From now on, forwards every matching request at once and holds its answer for `ms`. */
  holdAnswers(match: { readonly method?: string; readonly path: RegExp }, ms: number): void;
  /** Holds no further answers (those already held stay held). */
  stopHolding(): void;
  /** From now on, faults at random on every request (null: none), decided by `chaos.random`. */
  setChaos(chaos: Chaos | null): void;
  /** Requests forwarded whose answer the sandbox has given (applied, for a write) but the client has not had yet. */
  readonly held: () => number;
  close(): Promise<void>;
}

/** Random faults of a network between client and service: dropped connections and latency spikes. */
export interface Chaos {
  /** Uniform [0, 1): a seeded generator makes a run reproducible (as far as timing allows). */
  readonly random: () => number;
  /** Share of requests cut before they reach the service (nothing happened). */
  readonly cutBeforeRate: number;
  /** Share cut after the service answered (a write applied, its answer lost). */
  readonly cutAfterRate: number;
  /** Share whose answer is held back for `spikeMs` (a latency spike). */
  readonly spikeRate: number;
  /** The same for writes (POST): a write applied and not yet answered is the moment to stop a client in. */
  readonly writeSpikeRate: number;
  readonly spikeMs: readonly [number, number];
}

export interface CuttingProxyOptions {
  /** Forward without the Authorization header. */
  readonly stripAuthorization?: boolean;
}

interface Rule {
  readonly method?: string;
  readonly path: RegExp;
  readonly mode: CutMode;
}

/** Starts the proxy on 127.0.0.1, port 0, in front of `targetBaseUrl`. */
export async function startCuttingProxy(targetBaseUrl: string, options: CuttingProxyOptions = {}): Promise<CuttingProxy> {
  const target = new URL(targetBaseUrl);
  const rules: Rule[] = [];
  const holds: { readonly method?: string; readonly path: RegExp; readonly ms: number }[] = [];
  let held = 0;
  let chaos: Chaos | null = null;
  const requests: ProxiedRequest[] = [];
  /** The fault chaos picks for one request: a cut, a spike (ms), or none. */
  const chaosFor = (method: string): { readonly cut?: CutMode; readonly spikeMs?: number } => {
    if (!chaos) return {};
    const r = chaos.random();
    if (r < chaos.cutBeforeRate) return { cut: 'before_forward' };
    if (r < chaos.cutBeforeRate + chaos.cutAfterRate) return { cut: 'after_forward' };
    if (r < chaos.cutBeforeRate + chaos.cutAfterRate + (method === 'POST' ? chaos.writeSpikeRate : chaos.spikeRate)) {
      const [min, max] = chaos.spikeMs;
      return { spikeMs: min + Math.floor(chaos.random() * (max - min)) };
    }
    return {};
  };

  const takeRule = (req: IncomingMessage): CutMode | undefined => {
    const i = rules.findIndex((r) => (!r.method || r.method === req.method) && r.path.test(req.url ?? ''));
    return i === -1 ? undefined : rules.splice(i, 1)[0]!.mode;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const fault = chaosFor(method);
    const cut = takeRule(req) ?? fault.cut;
    if (cut === 'before_forward') {
      requests.push({ method, path, cut });
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers, host: target.host };
    if (options.stripAuthorization) delete headers.authorization;
    const upstream = httpRequest({ host: target.hostname, port: target.port, method, path, headers, agent: false });
    upstream.on('response', async (up) => {
      const out: Buffer[] = [];
      for await (const chunk of up) out.push(chunk as Buffer);
      requests.push({ method, path, status: up.statusCode, ...(cut && { cut }) });
      if (cut === 'after_forward') {
        // The sandbox has answered (and applied the write); the client never hears of it.
        req.socket.destroy();
        return;
      }
      // Applied, and the client is left waiting.
      if (cut === 'hold_after_forward') return;
      const holdMs = holds.find((h) => (!h.method || h.method === method) && h.path.test(path))?.ms ?? fault.spikeMs;
      if (holdMs !== undefined) {
        held++;
        await new Promise((resolve) => setTimeout(resolve, holdMs).unref());
        held--;
      }
      if (res.destroyed) return;
      res.writeHead(up.statusCode ?? 502, up.headers);
      res.end(Buffer.concat(out));
    });
    upstream.on('error', () => req.socket.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    requests,
    cutNext: (match, mode) => rules.push({ ...match, mode }),
    holdAnswers: (match, ms) => holds.push({ ...match, ms }),
    stopHolding: () => holds.splice(0),
    setChaos: (next) => {
      chaos = next;
    },
    held: () => held,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
