/**
 * The benchmark's service: a fixture with at least 10,000 visible orders in one shop
 * (makeFixture of the tests, north shop only, cached on disk), served by the real sandbox in a child process.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYS, makeFixture } from '../../test/helpers/fixture.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, '..', '.cache');

/** Orders of the shop: 12 of every 14 are visible (draft and cancelled are not), so 11,700 gives 10,028. */
export const ORDERS_PER_SHOP = 11_700;
export const API_KEY = KEYS.north;

/** Writes (once) and returns the fixture file. */
export function fixtureFile(): string {
  const path = join(CACHE, `console-fixture-${ORDERS_PER_SHOP}.json`);
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true });
    // North only: makeFixture's south ids (5000 + i) would collide with north's beyond 4,000 orders.
    const fixture = makeFixture(ORDERS_PER_SHOP);
    fixture.return_orders = fixture.return_orders.filter((o) => o.shop_id === 'shop_north');
    writeFileSync(path, JSON.stringify(fixture));
  }
  return path;
}

export interface SandboxChild {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Forks the sandbox child on the fixture; resolves when it listens. */
export function startSandboxChild(): Promise<SandboxChild> {
  const child = fork(join(HERE, 'children', 'sandbox-child.ts'), [fixtureFile()], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`sandbox child exited with code ${code} before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: { url: string }) => {
      child.off('exit', onExit);
      resolve({
        url: message.url,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            child.send({ type: 'stop' });
          }),
      });
    });
  });
}
