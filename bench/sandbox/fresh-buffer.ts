/**
 * `npx tsx bench/sandbox/fresh-buffer.ts`: what a response body costs the server when it is
 * a fresh buffer each time rather than one buffer reused (the reason for
 * src/sandbox/http/body-buffers.ts). Three bare node:http children answer with a 58,729-byte
 * body (the size of the sandbox's first page): the same pre-built buffer ("same", the
 * sandbox benchmark's baseline), a fresh copy per response ("fresh"), and a copy into a
 * buffer taken from the sandbox's own BodyBuffers and given back on 'finish' ("reused").
 * Each is loaded in turn, twice, 10 connections for 5 s after 2 s of warm-up, and its CPU
 * per request and page faults per request are read from /proc.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BodyBuffers } from '../../src/sandbox/http/body-buffers.js';
import { measure } from './load.js';

const VARIANTS = ['same', 'fresh', 'reused'] as const;
type Variant = (typeof VARIANTS)[number];
const BODY_BYTES = 58_729;

function serve(variant: Variant): void {
  const body = Buffer.alloc(BODY_BYTES, 'x');
  const buffers = new BodyBuffers();
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(BODY_BYTES), 'Cache-Control': 'no-store' };
  const server = createServer({ keepAliveTimeout: 5_000 }, (_req, res) => {
    res.writeHead(200, headers);
    if (variant === 'same') return void res.end(body);
    if (variant === 'fresh') return void res.end(Buffer.concat([body]));
    const block = buffers.take(BODY_BYTES);
    body.copy(block);
    res.once('finish', () => buffers.give(block));
    res.end(block.subarray(0, BODY_BYTES));
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

/** Minor page faults of a process so far (field 10 of /proc/PID/stat). */
function minorFaults(pid: number): number {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
}

async function main(): Promise<void> {
  for (const round of [1, 2]) {
    for (const variant of VARIANTS) {
      const child = fork(fileURLToPath(import.meta.url), ['serve', variant], { execArgv: ['--import', 'tsx'] });
      const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(p as number)));
      const target = { origin: `http://127.0.0.1:${port}`, paths: ['/'], headers: {}, serverPid: child.pid! };
      await measure(target, { connections: 10, durationS: 2, warmupS: 0 }); // warm-up
      const faultsBefore = minorFaults(child.pid!);
      const result = await measure(target, { connections: 10, durationS: 5, warmupS: 0 });
      const faults = (minorFaults(child.pid!) - faultsBefore) / result.requests;
      const cpuMs = ((result.serverCpu ?? Number.NaN) / result.rps) * 1000;
      console.log(`round ${round} ${variant.padEnd(6)} ${Math.round(result.rps)} requests/s, server CPU ${cpuMs.toFixed(3)} ms/request, ${faults.toFixed(2)} page faults/request`);
      child.kill();
    }
  }
}

if (process.argv[2] === 'serve') serve(process.argv[3] as Variant);
else await main();
