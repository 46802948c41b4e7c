/**
 * One place turns a refused key into the authentication screen: the query client's
 * QueryCache and MutationCache `onError` (src/ui/queries/query-client.ts). A read refused
 * the key and a write refused the key both end there.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { readAudit } from '../../src/local/audit-log.js';
import { openDesk, type Desk } from '../helpers/desk.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { renderConsole } from './render-console.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function desk(): Promise<Desk> {
  const d = await openDesk(makeFixture());
  cleanups.push(() => rmSync(d.root, { recursive: true, force: true }), () => d.close());
  return d;
}

const AUTH_SCREEN = 'The service refused the API key: it is unknown, or it was revoked.';

describe('a refused key', () => {
  it('on a read (the list) shows the authentication screen', async () => {
    const d = await desk();
    const view = renderConsole({ baseUrl: d.sandbox.url, apiKey: KEYS.northRevoked });
    cleanups.push(() => view.cleanup());
    await view.waitFor(AUTH_SCREEN, '[invalid_api_key]');
  });

  it('on a write (a review sent from the order screen) shows the authentication screen, and the attempt is logged', async () => {
    const d = await desk();
    const view = renderConsole({ baseUrl: d.sandbox.url, filters: { ids: [1000] } });
    cleanups.push(() => view.cleanup(), () => rmSync(view.stateDir, { recursive: true, force: true }));
    await view.waitFor('#N1000');
    await view.press('\r', 'Order #N1000', 'Jacket 0');
    await view.press('A', '→ approve');
    await view.press('s', 'Send the review of #N1000');
    // Revoked after the order was read: only the write meets the refusal.
    d.revokeConsoleKey();
    await view.answer('y', AUTH_SCREEN, '[invalid_api_key]');
    const { entries } = await readAudit(view.stateDir, { limit: 10 });
    expect(entries[0]).toMatchObject({ action: 'review', orderId: 1000, outcome: 'failed', code: 'invalid_api_key', status: 401, source: 'order' });
  });
});
