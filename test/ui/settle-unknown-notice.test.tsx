/**
 * The console opening a profile whose last console quit with writes left unknown: they are
 * read back, a notice says what they came to, and the activity log has the settling entries.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { appendAudit, readAudit } from '../../src/local/audit-log.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture(30) });
});
afterAll(async () => {
  await sandbox.close();
});

it('reads back the writes an earlier quit left unknown and says what they came to', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-ui-'));
  const time = new Date(Date.now() - 60_000).toISOString();
  await appendAudit(stateDir, {
    time, profile: 'north', orderId: 1001, orderName: '#N1001', action: 'receive', source: 'scan',
    outcome: 'failed', code: 'connection_failed', message: 'could not be read', reconciled: 'unknown',
  });
  // The receive did reach the service before the connection went.
  const other = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  await other.receive(1001);
  await other.close();

  const view = renderConsole({ baseUrl: sandbox.url, stateDir });
  try {
    await view.waitFor('Read back 1 write left unknown before (L: activity log): #N1001 receive applied.');
    const { entries } = await readAudit(stateDir, { limit: 10 });
    expect(entries[0]).toMatchObject({ orderId: 1001, reconciled: 'applied', settles: time, source: 'scan' });
  } finally {
    await view.cleanup();
  }
});
