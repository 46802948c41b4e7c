/**
 * Auto-refresh end to end: the built console in a real pseudo-terminal, a profile with a
 * 1 s refresh interval, and nothing pressed. The sandbox's request log shows the list
 * asked again and again; another client's review and receive show on the list and on an
 * open order by themselves, with the selection and the marks kept; a key revoked in the
 * sandbox's database brings up the authentication screen at the next refresh.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDesk, listRequestsSince, startDeskConsole, type Desk } from '../helpers/desk.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { until } from '../helpers/until.js';
import { assertBuilt, KEY, type PtySession } from '../helpers/pty.js';

const opened: { desk: Desk; session?: PtySession }[] = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  for (const { desk, session } of opened.splice(0)) {
    session?.kill('SIGKILL');
    if (session) await session.exited;
    await desk.close();
  }
});

/** The list row of order `id` ("› 1014 #N1014  pending …"). */
const rowOf = (screen: string, id: number) => screen.split('\n').find((l) => new RegExp(`^..\\s*${id} `).test(l));

describe('auto-refresh in a real terminal', () => {
  it('refreshes the list and an open order while nothing is pressed, keeping selection and marks', async () => {
    const desk = await openDesk(makeFixture());
    const session = startDeskConsole(desk, { refreshSeconds: 1 });
    opened.push({ desk, session });
    await session.waitForText('#N1025');
    await session.waitForText('auto 1s');

    // Mark 1025 and 1024 (Space marks and moves down), leaving the selection on 1023 (1026 and
    // 1027 are draft and cancelled: not listed).
    session.write(' ');
    await session.waitForText('1 marked');
    session.write(' ');
    await session.waitForText('2 marked');
    await session.waitForScreen((s) => rowOf(s, 1023)?.startsWith('›') === true);

    // Idle: the list asks the service again about once a second.
    const idleFrom = Date.now();
    await sleep(3_500);
    expect(listRequestsSince(desk, idleFrom).length).toBeGreaterThanOrEqual(3);

    // Someone else reviews the pending order 1014; it shows without a key pressed.
    expect(rowOf(session.screen(), 1014)).toMatch(/pending/);
    await desk.other.review(1014, [
      { id: 70028, type: 'refund', action: 'approve' },
      { id: 70029, type: 'exchange', action: 'approve' },
    ]);
    await session.waitForScreen((s) => /reviewed/.test(rowOf(s, 1014) ?? ''), 5_000);
    const screen = session.screen();
    expect(rowOf(screen, 1023)).toMatch(/^›/);
    expect(rowOf(screen, 1025)).toMatch(/^ ✓/);
    expect(rowOf(screen, 1024)).toMatch(/^ ✓/);
    expect(screen).toContain('2 marked');

    // An open order refreshes too: 1015 is reviewed, someone else receives it.
    for (let i = 0; i < 8; i++) session.write('j');
    await session.waitForScreen((s) => rowOf(s, 1015)?.startsWith('›') === true);
    session.write(KEY.enter);
    await session.waitForText('Order #N1015');
    await session.waitForText('Reviewed: press r to mark it received.');
    await desk.other.receive(1015);
    await session.waitForText('This order is received', 5_000);
    session.write(KEY.escape);
    await session.waitForScreen((s) => /received/.test(rowOf(s, 1015) ?? ''), 5_000);
  }, 60_000);

  it('shows the authentication screen when a refresh finds the key revoked', async () => {
    const desk = await openDesk(makeFixture());
    const session = startDeskConsole(desk, { refreshSeconds: 1 });
    opened.push({ desk, session });
    await session.waitForText('#N1025');
    desk.revokeConsoleKey();
    // Nothing is pressed: the next refresh gets 401 and the console says what is wrong.
    await session.waitForText('The service refused the API key', 5_000);
    // The sandbox, a process of its own, logs the request on its stderr: the line may come after the screen.
    await until(() => desk.requests.some((r) => / 401 /.test(r.line)), 5_000);
    expect(session.output()).not.toContain(KEYS.north);
  }, 30_000);
});
