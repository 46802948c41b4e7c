/**
 * Local files never follow symbolic links, and the state directory is private: a link
 * planted at the audit log or a draft cannot redirect a write or a read to another file.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendAudit, readAudit } from '../../src/local/audit-log.js';
import { createDraftStore } from '../../src/local/drafts.js';
import { loadProfileMemory, rememberKeepItemUnsupported } from '../../src/local/profile-memory.js';
import { auditLogPath, draftPath, profileMemoryPath } from '../../src/local/state-paths.js';
import { prepareStateDir, StateDirError } from '../../src/local/state-dir.js';

const NOW = Date.UTC(2026, 10, 5, 12, 0, 0);
const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-nofollow-'));

/** A file of the user's that a planted link points at. */
function victim(dir: string): string {
  const path = join(dir, 'victim.txt');
  writeFileSync(path, 'precious\n');
  return path;
}

describe('the audit log', () => {
  it('is never appended to or read through a symbolic link', async () => {
    const stateDir = freshDir();
    const target = victim(stateDir);
    symlinkSync(target, auditLogPath(stateDir));
    const entry = { time: new Date(NOW).toISOString(), profile: 'north', orderId: 1001, action: 'receive', outcome: 'ok' } as const;
    await expect(appendAudit(stateDir, entry)).rejects.toThrow(`${auditLogPath(stateDir)} is a symbolic link; returns-console never follows links for its own files. Remove it (rm ${auditLogPath(stateDir)}) and try again.`);
    await expect(readAudit(stateDir, { limit: 10 })).rejects.toThrow(/is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });
});

describe('drafts and profile memory', () => {
  it('a draft saved where a link was replaces the link, never the file it points at', async () => {
    const stateDir = freshDir();
    const target = victim(stateDir);
    const path = draftPath(stateDir, 'north', 1001);
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(target, path);
    const store = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    expect(store.load(1001)).toMatchObject({ kind: 'unreadable', notice: expect.stringContaining('is a symbolic link') });
    await store.save(1001, [{ type: 'refund', id: 1, action: 'approve' }]);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(store.load(1001)).toMatchObject({ kind: 'found' });
  });

  it('profile memory is not read through a link, nor written through one', async () => {
    const stateDir = freshDir();
    const target = join(stateDir, 'memory.json');
    writeFileSync(target, JSON.stringify({ version: 1, keepItemUnsupported: { learnedAt: 'x' } }));
    const path = profileMemoryPath(stateDir, 'north');
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(target, path);
    expect(loadProfileMemory(stateDir, 'north')).toEqual({ version: 1 });
    await rememberKeepItemUnsupported(stateDir, 'north', { learnedAt: 'now' });
    expect(JSON.parse(readFileSync(target, 'utf8')).keepItemUnsupported.learnedAt).toBe('x');
  });
});

describe('the state directory', () => {
  it('is created readable by its owner only (0700), parents included', async () => {
    const path = join(freshDir(), 'state', 'returns-console');
    await prepareStateDir(path);
    expect(statSync(path).mode & 0o777).toBe(0o700);
  });

  it('refuses one that group or others can write to, with the chmod fix', async () => {
    const path = join(freshDir(), 'open state');
    mkdirSync(path);
    chmodSync(path, 0o777);
    const error = await prepareStateDir(path).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(StateDirError);
    expect((error as StateDirError).message).toBe(`the state directory ${path} has permissions 0777: group and others can write to it, so it is refused`);
    expect((error as StateDirError).fix).toBe(`chmod 700 '${path}'`);
    chmodSync(path, 0o755); // readable by others is not a risk to what the console writes
    await expect(prepareStateDir(path)).resolves.toBeUndefined();
  });

  it('refuses a path that is not a directory', async () => {
    const path = join(freshDir(), 'file');
    writeFileSync(path, '');
    await expect(prepareStateDir(path)).rejects.toThrow(`the state directory ${path} is not a directory`);
  });
});
