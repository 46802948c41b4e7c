/**
 * A question before a write, as the clerk sees it (ink-testing-library, the real sandbox):
 * it says it waits a moment, then what to press; keys typed ahead, a y with other keys in
 * one read (a scanner's burst), or any key typed into it are not taken as yes, and the
 * question says why and what to do; a y pressed on its own then sends the write.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '../../../src/api/client/index.js';
import { ARM_MS, HOLD_CHAR_MS, QUIET_MS } from '../../../src/ui/keys/deliberate.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { renderOrder } from './render-order.js';

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture(84) });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

const statusOf = async (id: number) => {
  const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  try {
    return (await client.getOrder(id))?.status;
  } finally {
    await client.close();
  }
};

describe('a question before a write', () => {
  it('takes only a y on its own, and says why it waits and what to press', async () => {
    const view = renderOrder({ baseUrl: sandbox.url, orderId: 1015 });
    views.push(view);
    await view.waitFor('Order #N1015', 'press r to mark it received');
    // Keys typed ahead are not taken (too soon: the rule's own test times that); the question says so.
    view.stdin.write('r');
    await view.waitFor('Mark #N1015 as received?', 'Answers count in a moment (keys typed ahead do not).');
    await view.waitFor('Press y/Enter to confirm, n/Esc to cancel.');
    await sleep(QUIET_MS);
    // Keys read together (a burst too short for a scan): y and Enter.
    await view.press('y\r', 'Not taken: keys came in a burst (a scan?). Press y/Enter on its own.');
    await sleep(ARM_MS + 100);
    // Another key typed into the question arms it again.
    await view.press('x', 'Other keys came in (a scan?): answers count again in a moment.');
    await sleep(HOLD_CHAR_MS + 200);
    expect(await statusOf(1015)).toBe('reviewed');
    // A person's y, on its own after reading: held a moment, then sent.
    await view.answer('y', 'Confirming… (another key now stops it)');
    await view.waitFor('Order received.');
    expect(await statusOf(1015)).toBe('received');
  });

  it('a y followed by another key within its hold is no answer (a scan that starts with y)', async () => {
    const view = renderOrder({ baseUrl: sandbox.url, orderId: 1029 });
    views.push(view);
    await view.waitFor('Order #N1029', 'press r to mark it received');
    await view.press('r', 'Press y/Enter to confirm, n/Esc to cancel.');
    await view.press('y', 'Confirming…');
    // The scanner stalled after its y, then the rest came (well within the hold, however loaded the machine).
    await sleep(HOLD_CHAR_MS / 4);
    view.stdin.write('1');
    await view.waitFor('Not taken: keys came in a burst (a scan?). Press y/Enter on its own.');
    await sleep(HOLD_CHAR_MS + 200);
    expect(await statusOf(1029)).toBe('reviewed');
    expect(view.frame()).toContain('Mark #N1029 as received?');
  });
});
