/**
 * `npx tsx bench/sandbox/walk-floor.ts`: what the sandbox benchmark's bare floor asks of the
 * walks f and g. The floor answers one path with one body; a walk asks for 200 or 2,000
 * different paths, each answered with a different body. Here a bare node:http child answers
 * `/N` with body N of K pre-built ones (58,729 bytes each, the size of the first page of
 * scenario a, each with bytes of its own), for K = 1 (the floor as measured), 200 (f) and
 * 2,000 (g), loaded in turn, twice, as bench:sandbox loads them (10 connections, paths handed
 * out round-robin, 2 s of warm-up, 10 s measured). Prints requests/s, the ratio to K = 1 of
 * the same round, and the CPU per request of the server and of the load generator.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { measure } from './load.js';

const BODY_BYTES = 58_729;
const PATH_COUNTS = [1, 200, 2_000] as const;

function serve(count: number): void {
  const bodies = Array.from({ length: count }, (_, i) => {
    const body = Buffer.alloc(BODY_BYTES, 'x');
    body.write(String(i).padStart(8, '0'), 0, 'latin1');
    return body;
  });
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(BODY_BYTES), 'Cache-Control': 'no-store' };
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    res.writeHead(200, headers);
    res.end(bodies[Number(req.url?.slice(1)) % count]);
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

async function main(): Promise<void> {
  for (const round of [1, 2]) {
    let single = Number.NaN;
    for (const count of PATH_COUNTS) {
      const child = fork(fileURLToPath(import.meta.url), ['serve', String(count)], { execArgv: ['--import', 'tsx'] });
      const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(p as number)));
      const paths = Array.from({ length: count }, (_, i) => `/${i}`);
      const result = await measure({ origin: `http://127.0.0.1:${port}`, paths, headers: {}, serverPid: child.pid! }, { connections: 10, durationS: 10, warmupS: 2 });
      if (count === 1) single = result.rps;
      const perRequest = (cpu: number | null) => (((cpu ?? Number.NaN) / result.rps) * 1000).toFixed(3);
      console.log(
        `round ${round} K=${String(count).padEnd(5)} ${Math.round(result.rps)} requests/s (${(result.rps / single).toFixed(2)} of K=1), ` +
          `CPU ms/request: server ${perRequest(result.serverCpu)}, load generator ${perRequest(result.loadgenCpu)}`,
      );
      child.kill();
    }
  }
}

if (process.argv[2] === 'serve') serve(Number(process.argv[3]));
else await main();
