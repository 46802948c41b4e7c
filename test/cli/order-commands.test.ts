import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { writeOrder } from '../../src/cli/commands/show/show-render.js';
import { createOutput } from '../../src/cli/output/index.js';
import { createStyle } from '../../src/format/style.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fetchRaw, runInProcess } from './helpers/cli-run.js';
import { makeTestFactory, type TestFactoryOptions } from './helpers/test-factory.js';
import { tempDir } from './helpers/test-factory.js';

let sandbox: TestSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  // 42 per shop: three pending (x000, x014, x028) and three reviewed (x001, x015, x029) orders each.
  const fixture = makeFixture(42);
  fixture.return_orders.find((o) => o.id === 1000)!.refunds[0]!.reason = 'too \u001b[31msmall\u001b[0m';
  sandbox = await startTestSandbox({ fixture });
  env = { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north };
});
afterAll(() => sandbox.close());

const cli = (command: Parameters<typeof runInProcess>[0], argv: string[], options: TestFactoryOptions = {}) =>
  runInProcess(command, argv, { ...options, env: { ...env, ...options.env } });
const statusOf = async (id: number) => ((await fetchRaw(sandbox.url, KEYS.north, `ids=${id}`)).data[0] as ReturnOrder | undefined)?.status;
const decisionsFile = (body: unknown) => {
  const path = join(tempDir(), 'decisions.json');
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};

describe('show', () => {
  it('prints the order and its items, sanitized', async () => {
    const r = await cli('show', ['1000'], { env: { TZ: 'UTC' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Return order 1000 · #N1000 · pending');
    expect(r.stdout).toContain('Submitted  2026-11-01 00:00 (2w ago)');
    expect(r.stdout).toContain('Items: 1 refund, 1 exchange, 2 pending');
    expect(r.stdout).toMatch(/refund\s+70000\s+pending\s+1\s+89\.00 EUR\s+Jacket 0\s+JK-0\s+too ␛small␛/);
    expect(r.stdout).toMatch(/exchange\s+70001\s+pending\s+2\s+120\.50 EUR\s+Boots 0\s+-\s+-\s+for Boots 0 \(43\) \(B-43\)/);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('prints --json as the service sent it', async () => {
    const r = await cli('show', ['1002', '--json']);
    expect(JSON.parse(r.stdout)).toEqual((await fetchRaw(sandbox.url, KEYS.north, 'ids=1002')).data[0]);
  });

  it('reports a missing, foreign or hidden order as not found (exit 1)', async () => {
    for (const id of ['999999', '5000', '1012' /* draft */]) {
      const r = await cli('show', [id]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^error: Return order ${id} was not found .* \\[return_order_not_found\\]\n`));
    }
    const json = await cli('show', ['999999', '--json']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { type: 'resource_error', code: 'return_order_not_found' } });
  });

  it('checks the id before any request (exit 2)', async () => {
    expect((await cli('show', ['0'])).stderr).toMatch(/^error: ID: ids must be positive whole numbers.* \[invalid_ids_format\]\n/);
    expect((await cli('show', ['1,2'])).stderr).toMatch(/^error: Give one order \(an id or a name\), not 2 \[usage_error\]\n/);
  });

  it('says item details are not available when the service sends no item arrays (D4)', () => {
    const order = {
      id: 7, cust_email: 'a@b.c', cust_first_name: 'A', cust_last_name: 'B', status: 'pending', currency: 'EUR',
      order_id: '1', order_name: '#7', submitted_at: '2026-11-01T00:00:00Z',
    } as ReturnOrder;
    const t = makeTestFactory({ isStdoutTTY: true, columns: 80 });
    writeOrder(order, createOutput(t.factory.io, createStyle(false), []), { style: createStyle(false), nowMs: Date.parse('2026-11-01T03:00:00Z'), timeZone: 'UTC' });
    const text = t.stdout();
    expect(text).toContain('Item details are not available from this service.');
    expect(text).not.toContain('TYPE');
  });
});

describe('review', () => {
  it('--approve-all decides every pending item in one request', async () => {
    const r = await cli('review', ['1000', '--approve-all']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✓ Reviewed return order 1000 (#N1000): 2 approved. Status: reviewed.\n');
    expect(await statusOf(1000)).toBe('reviewed');
  });

  it('sends nothing when the order is not pending, as approve-all does everywhere (exit 1)', async () => {
    const r = await cli('review', ['1002', '--approve-all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: No longer pending \(now received\); no review was sent\. \[invalid_state_transition\]\nhint: The order is not in the status/);
  });

  it('--decisions FILE sends the file\'s decisions; --json prints the result object', async () => {
    const path = decisionsFile({ items: [
      { id: 70028, type: 'refund', action: 'reject', reject_reason: 'Worn' },
      { id: 70029, type: 'exchange', action: 'reject', reject_reason: 'Worn' },
    ] });
    const r = await cli('review', ['1014', '--decisions', path, '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { id: number; outcome: string; already_applied: boolean; order: ReturnOrder };
    expect(result).toMatchObject({ id: 1014, outcome: 'ok', already_applied: false });
    expect(result.order.status).toBe('rejected');
    expect(result.order.refunds![0]!.reject_reason).toBe('Worn');
  });

  it('--decisions - reads stdin', async () => {
    const south = { ...env, RETURNS_API_KEY: KEYS.south };
    const stdin = JSON.stringify({ items: [{ id: 70084, type: 'refund', action: 'approve' }, { id: 70085, type: 'exchange', action: 'approve' }] });
    const r = await cli('review', ['5000', '--decisions', '-'], { env: south, stdin });
    expect(r.stdout).toContain('Reviewed return order 5000 (#S5000): 2 approved.');
  });

  it('checks the file before sending anything (exit 2)', async () => {
    const cases: [unknown, RegExp][] = [
      ['{not json', /^error: .*decisions\.json is not valid JSON.* \[invalid_decisions\]\n/],
      [{ decisions: [] }, /^error: .*must be an object with an "items" array.* \[missing_items_array\]\n/],
      [{ items: [{ id: 70014, type: 'refund', action: 'destroy' }] }, /^error: .*items\[0\]\.action.* \[invalid_action\]\n/],
      [{ items: [{ id: 70014, type: 'gift', action: 'approve' }] }, /^error: .* \[invalid_item_type\]\n/],
      [{ items: [{ id: 70014, type: 'refund', action: 'reject', reject_reason: '  ' }] }, /^error: .*items\[0\] \(item 70014\) rejects without a reject_reason.* \[missing_reject_reason\]\n/],
    ];
    for (const [body, pattern] of cases) {
      const r = await cli('review', ['1028', '--decisions', decisionsFile(body)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
    }
    // A device that never ends (or any file over 4 MiB) is refused unread, not read into memory.
    const endless = await cli('review', ['1028', '--decisions', '/dev/zero']);
    expect([endless.code, endless.stderr]).toEqual([2, expect.stringMatching(/^error: \/dev\/zero is larger than 4 MiB; refused unread \[usage_error\]/)]);
    const missing = await cli('review', ['1028', '--decisions', '/nonexistent.json']);
    expect(missing.stderr).toMatch(/^error: Decisions file \/nonexistent\.json does not exist \[usage_error\]/);
    // Nothing was sent: the pending order is untouched.
    expect(await statusOf(1028)).toBe('pending');
  });

  it('needs exactly one of --approve-all and --decisions', async () => {
    expect((await cli('review', ['1000'])).stderr).toMatch(/^error: Give exactly one of --approve-all or --decisions FILE \[usage_error\]/);
    expect((await cli('review', ['1000', '--approve-all', '--decisions', 'x'])).code).toBe(2);
  });

  it('shows the service\'s validation answer when it disagrees (missing_items, keep_item_not_allowed)', async () => {
    const partial = await cli('review', ['5014', '--decisions', decisionsFile({ items: [{ id: 70112, type: 'refund', action: 'approve' }] })], { env: { RETURNS_API_KEY: KEYS.south } });
    expect(partial.code).toBe(1);
    expect(partial.stderr).toMatch(/^error: .* \[missing_items\] \(request id \S+\)\n/);
    const keep = await cli('review', ['5014', '--decisions', decisionsFile({ items: [{ id: 70112, type: 'refund', action: 'keep_item' }, { id: 70113, type: 'exchange', action: 'approve' }] })], { env: { RETURNS_API_KEY: KEYS.south } });
    expect(keep.stderr).toMatch(/^error: .* \[keep_item_not_allowed\] \(request id \S+\)\n/);
  });
});

describe('receive', () => {
  it('receives one reviewed order', async () => {
    const r = await cli('receive', ['1001']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1001\tok\t#N1001 now received\n');
  });

  it('reports one failing order in the error format (exit 1)', async () => {
    const r = await cli('receive', ['1003']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hint: The order is not in the status this needs (pending to review, reviewed to receive): look at its status again; a pending order needs a review before it can be received');
    expect(r.stderr).toMatch(/^error: .* \[invalid_state_transition\] \(request id \S+\)\nhint: /);
  });

  it('receives many, once each, with one result per order and a summary', async () => {
    const r = await cli('receive', ['1015', '1004,1015', '999999'], { isStdoutTTY: true, isStderrTTY: true, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(1);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^\s*ID\s+RESULT\s+DETAIL$/);
    expect(rows[1]).toMatch(/^\s*1015\s+ok\s+#N1015 now received$/);
    expect(rows[2]).toMatch(/^\s*1004\s+failed\s+Return order 1004 .* \[invalid_state_transition\] \(request id \S+\)$/);
    expect(rows[3]).toMatch(/^999999\s+failed\s+.* \[return_order_not_found\] \(request id \S+\)$/);
    expect(rows).toHaveLength(4);
    expect(r.stderr).toContain('Receiving… ');
    // Each order that did not go through with the step that can succeed for it, never "try again" for what cannot.
    expect(r.stderr).toContain(
      'Received 1 of 3: 2 failed.\n1004: not in the reviewed status; see it with `returns-console show ID` (a pending order needs `returns-console review` first).\n999999: nothing more to do (no longer available).\n',
    );
  });

  it('--json prints one result object per order', async () => {
    const r = await cli('receive', ['1005', '1006', '--json']);
    const results = JSON.parse(r.stdout) as { id: number; outcome: string; error?: { code: string } }[];
    expect(results.map((x) => [x.id, x.outcome, x.error?.code])).toEqual([
      [1005, 'failed', 'invalid_state_transition'],
      [1006, 'failed', 'invalid_state_transition'],
    ]);
    expect(r.code).toBe(1);
  });

  it('exits 4 when the key is refused', async () => {
    const r = await cli('receive', ['1008', '1009'], { env: { RETURNS_API_KEY: KEYS.unknown } });
    expect(r.code).toBe(4);
  });

  it('Ctrl+C stops scheduling, lets the request in flight finish and reports the rest as not sent (exit 130)', async () => {
    const r = await cli('receive', ['1029', '1010', '1011', '--concurrency', '1'], {
      // Press Ctrl+C once the first receive has been let through to the service.
      wrapClient: (client, interrupt) => ({
        ...client,
        receive: (id, options) =>
          client.receive(id, {
            ...options,
            beforeAttempt: async (signal) => {
              await options?.beforeAttempt?.(signal);
              interrupt();
            },
          }),
        close: () => client.close(),
      }),
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('Stopping on Ctrl+C (SIGINT): nothing new is sent; the writes in flight get 3 s to finish, then are cancelled and read back; the activity log records how each ended.\n');
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 2));
    expect(rows).toEqual([['1029', 'ok'], ['1010', 'not sent'], ['1011', 'not sent']]);
    expect(r.stderr).toContain('Received 1 of 3: 2 not sent.\n1010 1011: not applied; run receive again with these ids.\n');
    expect(await statusOf(1029)).toBe('received');
    expect(await statusOf(1010)).toBe('rejected');
  });

  it('checks ids and --concurrency before sending (exit 2)', async () => {
    expect((await cli('receive', ['1,,2'])).stderr).toMatch(/^error: ID "1,,2" has an empty element; give ids or order names separated by commas \[usage_error\]\n/);
    expect((await cli('receive', ['1,0'])).stderr).toMatch(/^error: ID: ids must be positive whole numbers.* \[invalid_ids_format\]\n/);
    expect((await cli('receive', ['1', '--concurrency', '0'])).stderr).toMatch(/--concurrency must be a whole number from 1 to 16/);
  });
});
