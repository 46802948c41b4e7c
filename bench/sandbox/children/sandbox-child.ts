/**
 * Child process: the real sandbox on the benchmark database, on 127.0.0.1 port 0, rate
 * limit off, quiet. Runs apart from the load generator so they never share an event loop.
 * Protocol (IPC): sends { type: 'ready', url, port, keys }, stops on { type: 'stop' }.
 */
import { startSandbox } from '../../../src/sandbox/index.js';

const dbPath = process.argv[2];
if (!dbPath || !process.send) {
  process.stderr.write('usage: forked by bench/sandbox/run.ts with the database path as argument\n');
  process.exit(2);
}

const sandbox = await startSandbox({ dbPath, host: '127.0.0.1', port: 0, rateLimit: 0, quiet: true });
const keys = sandbox.demoKeys.map((k) => ({ shopId: k.shopId, key: k.key }));
process.send({ type: 'ready', url: sandbox.url, port: sandbox.port, keys });

async function stop(): Promise<void> {
  await sandbox.close();
  // Leave through the normal exit path so --cpu-prof can write its profile.
  process.disconnect?.();
  process.exit(0);
}
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
