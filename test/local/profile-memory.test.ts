import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetKeepItemUnsupported, loadProfileMemory, rememberKeepItemUnsupported } from '../../src/local/profile-memory.js';
import { profileMemoryPath } from '../../src/local/state-paths.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-memory-'));

describe('profile memory', () => {
  it('remembers that a profile\'s shop lacks keep_item, per profile, and forgets it again', async () => {
    const stateDir = freshDir();
    expect(loadProfileMemory(stateDir, 'south')).toEqual({ version: 1 });
    await rememberKeepItemUnsupported(stateDir, 'south', { learnedAt: '2026-11-05T12:00:00.000Z', requestId: 'req_1' });
    expect(loadProfileMemory(stateDir, 'south').keepItemUnsupported).toEqual({ learnedAt: '2026-11-05T12:00:00.000Z', requestId: 'req_1' });
    expect(loadProfileMemory(stateDir, 'north').keepItemUnsupported).toBeUndefined();
    await forgetKeepItemUnsupported(stateDir, 'south');
    expect(loadProfileMemory(stateDir, 'south')).toEqual({ version: 1 });
  });

  it('treats a corrupt memory file as empty memory', () => {
    const stateDir = freshDir();
    const path = profileMemoryPath(stateDir, 'south');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{"version":1,"keepItemUnsupported":');
    expect(loadProfileMemory(stateDir, 'south')).toEqual({ version: 1 });
  });
});
