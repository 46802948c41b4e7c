/**
 * `--sandbox` on the commands that talk to the service: each starts the built-in sandbox in
 * its process on the user's demo data, the data and shop the console opens with nothing
 * configured, so the commands can be tried in one line on a fresh machine. A write through
 * one command is seen by the next and by the console's sandbox; with nothing configured the
 * "no base URL" error names the flag.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { startBuiltinSandbox } from '../../src/cli/builtin-sandbox.js';
import { runInProcess, type CommandName } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

/** A fresh machine: nothing configured, its own data directory (the demo data is made on first use). */
let env: Record<string, string>;
const run = (command: CommandName, argv: string[]) => runInProcess(command, argv, { env });

beforeAll(() => {
  const home = tempDir('rc-sandbox-flag-');
  env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_STATE_HOME: join(home, 'state') };
});

interface DemoOrder {
  readonly id: number;
  readonly order_name: string;
  readonly status: string;
}

describe('--sandbox on a machine with nothing configured', () => {
  it('says how to try the commands when no base URL is configured', async () => {
    const r = await run('list', []);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: No base URL for profile "default".* \[config_error\]\nhint: .*--sandbox/);
  });

  it('lists, receives, shows and counts the demo shop, each command on the same data', async () => {
    const listed = await run('list', ['--sandbox', '--status', 'reviewed', '--limit', '3', '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const orders = JSON.parse(listed.stdout) as DemoOrder[];
    expect(orders).toHaveLength(3);
    expect(orders.every((o) => o.status === 'reviewed' && o.order_name.startsWith('#AO'))).toBe(true);

    // By its order name without the #, as a clerk types it.
    const name = orders[0]!.order_name.slice(1);
    const received = await run('receive', ['--sandbox', name]);
    expect(received.stderr).toBe('');
    expect(received.code).toBe(0);

    const shown = await run('show', [name, '--sandbox', '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: orders[0]!.id, status: 'received' });

    // The activity log of the demo shop holds the receipt: overview counts it under "sandbox".
    const overview = await run('overview', ['--sandbox', '--json']);
    expect(overview.code).toBe(0);
    const figures = JSON.parse(overview.stdout) as { profile: string; activity: { today: { receipts: number } } };
    expect(figures.profile).toBe('sandbox');
    expect(figures.activity.today.receipts).toBe(1);

    // The console's built-in sandbox serves the same shop and data.
    const sandbox = await startBuiltinSandbox(env);
    const client = createClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    try {
      const page = await client.listPage({ filters: { ids: [orders[0]!.id] }, limit: 1 });
      expect(page.data.map((o) => [o.order_name, o.status])).toEqual([[orders[0]!.order_name, 'received']]);
    } finally {
      await client.close();
      await sandbox.close();
    }
  }, 60_000);

  it('refuses --sandbox with --base-url (exit 2, nothing started)', async () => {
    const r = await run('list', ['--sandbox', '--base-url', 'http://127.0.0.1:1/public-api/v1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: Choose either --sandbox or --base-url \[usage_error\]/);
  });
});
