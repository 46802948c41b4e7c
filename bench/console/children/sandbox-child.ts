/**
 * Child process: the real sandbox serving a fixture file, on 127.0.0.1 port 0, rate limit
 * off, quiet, so the console under test never shares an event loop with it.
 * Protocol (IPC): sends { type: 'ready', url }, stops on { type: 'stop' } or disconnect.
 */
import { startSandbox } from '../../../src/sandbox/index.js';

const fixturePath = process.argv[2];
if (!fixturePath || !process.send) {
  process.stderr.write('usage: forked by bench/console/run.ts with the fixture path as argument\n');
  process.exit(2);
}

const sandbox = await startSandbox({ dataPath: fixturePath, host: '127.0.0.1', port: 0, rateLimit: 0, quiet: true });
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
