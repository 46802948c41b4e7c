/**
 * Child process: the real sandbox serving a fixture file (or a database file, `.db`), on
 * 127.0.0.1 port 0, quiet, with the rate limit given (default off), so the console under test
 * never shares an event loop with it.
 * Protocol (IPC): sends { type: 'ready', url }, stops on { type: 'stop' } or disconnect.
 */
import { startSandbox } from '../../../src/sandbox/index.js';

const [path, rate] = process.argv.slice(2);
if (!path || !process.send) {
  process.stderr.write('usage: forked by bench/console/run.ts or bench/search/run.ts with a fixture or database path (and a rate limit)\n');
  process.exit(2);
}

const source = path.endsWith('.db') ? { dbPath: path } : { dataPath: path };
const sandbox = await startSandbox({ ...source, host: '127.0.0.1', port: 0, rateLimit: Number(rate ?? 0), quiet: true });
process.send({ type: 'ready', url: sandbox.url });

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
