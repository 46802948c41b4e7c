/**
 * Starts the real sandbox on 127.0.0.1 port 0 with a fixture, for tests over loopback.
 * Nothing of the server is mocked.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { makeFixture, type Fixture } from './fixture.js';

export interface TestSandbox extends RunningSandbox {
  /** The fixture file the sandbox was started with. */
  readonly fixturePath: string;
  readonly fixture: Fixture;
}

/** Starts a sandbox serving `fixture` (default: makeFixture()) in memory. */
export async function startTestSandbox(
  options: Partial<SandboxOptions> & { fixture?: Fixture } = {},
): Promise<TestSandbox> {
  const { fixture = makeFixture(), ...rest } = options;
  const dir = mkdtempSync(join(tmpdir(), 'rc-sandbox-'));
  const fixturePath = join(dir, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(fixture));
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataPath: fixturePath, rateLimit: 0, quiet: true, ...rest });
  return Object.assign(sandbox, { fixturePath, fixture });
}
