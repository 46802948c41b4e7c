/**
 * End to end in a real pseudo-terminal: the built console (dist/returns-console.js) against
 * a sandbox started with a fixture. Reviews with mixed decisions and receives, survives a
 * SIGKILL mid-review through its draft, and shows the service's refusals inline.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { deliberateTypist } from '../helpers/console-session.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  // 84 orders per shop: pending ones are 1000, 1014, 1028, 1042 (north) and 5000, 5014 (south); each test has its own.
  sandbox = await startTestSandbox({ fixture: makeFixture(84) });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

const api = (key: string = KEYS.north) => createClient({ baseUrl: sandbox.url, apiKey: key, maxRetries: 0 });

/** A home for the console's config and state, fresh per test unless shared on purpose. */
function freshHome() {
  const root = mkdtempSync(join(tmpdir(), 'rc-e2e-'));
  return { XDG_STATE_HOME: join(root, 'state'), XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'data') };
}

/** Starts the console showing just `orderId` in its list, and opens it. */
async function openOrder(orderId: number, orderName: string, options: { key?: string; home: ReturnType<typeof freshHome> }): Promise<PtySession> {
  const session = spawnPty({
    args: [BUILT_CONSOLE, '--base-url', sandbox.url, '--ids', String(orderId)],
    env: { RETURNS_API_KEY: options.key ?? KEYS.north, NO_COLOR: '1', ...options.home },
    cols: 100,
    rows: 30,
  });
  sessions.push(session);
  await session.waitForText(orderName);
  session.write(KEY.enter);
  await session.waitForText(`Order ${orderName}`);
  return session;
}

/** Sends one key (or text) and waits for `text` on the screen. */
async function press(session: PtySession, keys: string, text?: string | RegExp): Promise<void> {
  session.write(keys);
  if (text !== undefined) await session.waitForText(text);
}

/** Sends a key that counts only on its own (a question's yes, q) after a person's pause, and waits for `text`. */
const answer = (session: PtySession, keys: string, text?: string | RegExp) => deliberateTypist(session)(keys, text);

describe('console review end to end', { timeout: 60_000 }, () => {
  it('reviews an order with mixed decisions incl. a reject reason, receives it, and the API agrees', async () => {
    const home = freshHome();
    const session = await openOrder(1014, '#N1014', { home });
    await session.waitForText('Jacket 14');
    // Deciding moves on to the next undecided item: no j needed.
    await press(session, 'a', '→ approve');
    await press(session, 'x', 'reason?');
    await press(session, 'Scratched sole', '> Scratched sole');
    await press(session, KEY.enter, 'reject reason: Scratched sole');
    await press(session, 's', 'Send the review of #N1014: 1 approve, 1 reject?');
    await answer(session, 'y', 'Review sent: 1 approve, 1 reject');
    await session.waitForText('The order is now reviewed.');
    await press(session, 'r', 'Mark #N1014 as received?');
    await answer(session, 'y', 'Order received');
    // The review and the receipt are in the activity log.
    await press(session, 'L', 'Activity log');
    await session.waitForText(/receive\s+order\s+1014 #N1014\s+ok/);
    await session.waitForText(/review\s+order\s+1014 #N1014\s+ok/);
    await press(session, KEY.escape, 'Order #N1014');
    await answer(session, 'q');
    expect((await session.exited).exitCode).toBe(0);

    const order = await api().getOrder(1014);
    expect(order?.status).toBe('received');
    expect(order?.refunds?.[0]?.status).toBe('approved');
    expect(order?.exchanges?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'Scratched sole' });
    expect(session.output()).not.toContain(KEYS.north);
  });

  it('takes a pasted reject reason (the terminal\'s bracketed paste) as one line, with the Enter right behind it, and the API agrees', async () => {
    const session = await openOrder(1000, '#N1000', { home: freshHome() });
    await session.waitForText('Jacket 0');
    // The console asks the terminal to mark pastes (and stops at exit).
    expect(session.output()).toContain('\u001b[?2004h');
    await press(session, 'a', '→ approve');
    await press(session, 'x', 'reason?');
    // A terminal sends a paste at once; the Enter pressed right after can share its read.
    await press(session, `\u001b[200~Scratched sole,\r\nsee photo\u001b[201~${KEY.enter}`, 'reject reason: Scratched sole, see photo');
    await press(session, 's', 'Send the review of #N1000: 1 approve, 1 reject?');
    await answer(session, 'y', 'Review sent: 1 approve, 1 reject');
    await answer(session, 'q');
    expect((await session.exited).exitCode).toBe(0);
    expect(session.output().lastIndexOf('\u001b[?2004l')).toBeGreaterThan(session.output().lastIndexOf('\u001b[?2004h'));
    expect((await api().getOrder(1000))?.exchanges?.[0]).toMatchObject({ status: 'rejected', reject_reason: 'Scratched sole, see photo' });
  });

  it('restores the draft after the process is killed in the middle of a review', async () => {
    const home = freshHome();
    const first = await openOrder(1028, '#N1028', { home });
    await press(first, 'e', '→ keep');
    await press(first, 'j');
    await press(first, 'x', 'reason?');
    await press(first, 'Torn', '> Torn');
    await press(first, KEY.enter, 'reject reason: Torn');
    await first.waitForText('draft saved');
    first.kill('SIGKILL');
    await first.exited;

    const second = await openOrder(1028, '#N1028', { home });
    await second.waitForText('Draft restored: 2 decisions');
    await second.waitForText('reject reason: Torn');
    expect(second.screen()).toContain('→ keep');
    expect((await api().getOrder(1028))?.status).toBe('pending');
  });

  it('shows a refused keep_item inline on the item', async () => {
    const home = freshHome();
    const session = await openOrder(5000, '#S5000', { key: KEYS.south, home });
    await press(session, 'e', '→ keep');
    await press(session, 'j');
    await press(session, 'a', '→ approve');
    await press(session, 's', '1 approve, 1 keep?');
    await answer(session, 'y', '[keep_item_not_allowed]');
    await session.waitForText('The service refused keep item');
    expect(session.screen()).toContain('→ keep');
    expect((await api(KEYS.south).getOrder(5000))?.status).toBe('pending');
  });

  it('shows an order reviewed elsewhere meanwhile as no longer pending', async () => {
    const home = freshHome();
    const session = await openOrder(1042, '#N1042', { home });
    await press(session, 'A', 'draft saved');
    const order = (await api().getOrder(1042))!;
    await api().review(1042, [
      { id: order.refunds![0]!.id, type: 'refund', action: 'approve' },
      { id: order.exchanges![0]!.id, type: 'exchange', action: 'reject', reject_reason: 'elsewhere' },
    ]);
    await press(session, 's', '2 approve?');
    await answer(session, 'y', 'This order is no longer pending, now reviewed.');
  });
});
