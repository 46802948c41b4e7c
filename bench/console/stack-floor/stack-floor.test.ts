/**
 * The stack floor the start-up benchmark measures (app.ts, built by build.ts as the console
 * is built) still builds with the console's source patches and draws the first page in a
 * real pseudo-terminal and quits with q, so the benchmark compares the console with a working app.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../../../test/helpers/fixture.js';
import { spawnPty } from '../../../test/helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox.js';
import { buildStackFloor } from './build.js';

describe('stack floor', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('draws the first page of orders as plain rows', async () => {
    const app = await buildStackFloor(mkdtempSync(join(tmpdir(), 'rc-stack-floor-')));
    const page = (await (
      await fetch(`${sandbox.url}/return_orders?limit=50`, { headers: { authorization: `Bearer ${KEYS.north}` } })
    ).json()) as { data: { id: number; order_name: string; cust_email: string }[] };
    const session = spawnPty({ args: [app, sandbox.url], env: { RETURNS_API_KEY: KEYS.north }, cols: 160, rows: 60 });
    try {
      const last = page.data.at(-1)!;
      await session.waitForText(last.order_name, 20_000);
      const rows = session.lines().filter((line) => line.trim() !== '');
      expect(rows).toHaveLength(page.data.length);
      expect(rows[0]).toContain(`${page.data[0]!.id}  ${page.data[0]!.order_name}`);
      expect(rows.at(-1)).toContain(last.cust_email);
      // q quits, as in the console (a warm-up quits so that Node writes the compile cache).
      session.write('q');
      expect((await session.exited).exitCode).toBe(0);
    } finally {
      session.kill();
    }
  }, 60_000);
});
