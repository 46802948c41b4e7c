/**
 * Child process: the real sandbox serving the benchmark's database file on 127.0.0.1 port 0
 * with D10's default rate limit, quiet, so the walk and the console never share an event
 * loop with it. Protocol (IPC): sends { url }, stops on { type: 'stop' } or disconnect.
 */
import { startSandbox } from '../../../src/sandbox/index.js';

const [dbPath, rate] = process.argv.slice(2);
if (!dbPath || !rate || !process.send) {
  process.stderr.write('usage: forked by bench/search/run.ts with the database path and the rate limit\n');
  process.exit(2);
}

const sandbox = await startSandbox({ dbPath, host: '127.0.0.1', port: 0, rateLimit: Number(rate), quiet: true });
process.send({ url: sandbox.url });

let isStopping = false;
async function stop(): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  await sandbox.close();
  if (process.connected) process.disconnect();
  process.exit(0);
}
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
