/**
 * Child process: the baseline, a bare node:http server that answers every request with
 * one pre-built JSON body (read from the file given as argument) and the same kind of
 * headers the sandbox sends. Protocol as in sandbox-child.ts.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bodyPath = process.argv[2];
if (!bodyPath || !process.send) {
  process.stderr.write('usage: forked by bench/sandbox/run.ts with the body file as argument\n');
  process.exit(2);
}

const body = readFileSync(bodyPath);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(body.length),
  'Cache-Control': 'no-store',
};
const server = createServer({ keepAliveTimeout: 5_000 }, (_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send!({ type: 'ready', url: `http://127.0.0.1:${port}`, port, keys: [] });
});

function stop(): void {
  server.close(() => {
    process.disconnect?.();
    process.exit(0);
  });
  server.closeAllConnections();
}
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') stop();
});
process.on('disconnect', stop);
