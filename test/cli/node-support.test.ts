/** The check of the running Node.js that main.ts makes before any command loads. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enginesRange, unsupportedNodeMessage } from '../../src/cli/node-support.js';

describe('unsupportedNodeMessage', () => {
  it.each(['18.20.8', 'v20.19.5', '20.20.2', '22.0.0', '22.18.9', 'v22.12.0'])('refuses Node %s, naming the supported versions', (version) => {
    const message = unsupportedNodeMessage(version);
    expect(message).toBe(
      `error: returns-console needs Node.js 22.19 or newer; this is Node.js v${version.replace(/^v/, '')}.\n` +
        'hint: Install a maintained Node.js (supported: 22 (22.19 or newer), 24, 26) and run it again.\n',
    );
  });

  it.each(['22.19.0', 'v22.23.3', '23.11.0', '24.0.0', '25.1.0', '26.2.1', '27.0.0'])('runs on Node %s', (version) => {
    expect(unsupportedNodeMessage(version)).toBeUndefined();
  });

  it('runs on a version it cannot read rather than refusing a working Node', () => {
    expect(unsupportedNodeMessage('nightly')).toBeUndefined();
  });

  it('accepts the Node running these tests (a supported one)', () => {
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
  });
});

it('package.json engines lists exactly the tested majors', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  expect(enginesRange()).toBe('^22.19.0 || ^24.0.0 || ^26.0.0');
  expect(pkg.engines.node).toBe(enginesRange());
});
