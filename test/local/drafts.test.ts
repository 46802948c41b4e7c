import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDraftStore } from '../../src/local/drafts.js';
import type { DraftDecision } from '../../src/local/draft-format.js';
import { draftPath, safeFileSegment } from '../../src/local/state-paths.js';

const NOW = Date.UTC(2026, 10, 5, 12, 0, 0);
const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-drafts-'));
const decisions: DraftDecision[] = [
  { type: 'refund', id: 70000, action: 'approve' },
  { type: 'exchange', id: 70001, action: 'reject', rejectReason: 'worn out' },
];

describe('draft store', () => {
  it('saves decisions and restores them with a new store (as after a restart)', async () => {
    const stateDir = freshDir();
    await createDraftStore({ stateDir, profile: 'north', now: () => NOW }).save(1000, decisions);
    const loaded = createDraftStore({ stateDir, profile: 'north', now: () => NOW }).load(1000);
    expect(loaded).toEqual({
      kind: 'found',
      draft: { version: 1, profile: 'north', orderId: 1000, savedAt: '2026-11-05T12:00:00.000Z', decisions },
    });
  });

  it('keys drafts by profile and order id', async () => {
    const stateDir = freshDir();
    const north = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    await north.save(1000, decisions);
    expect(north.load(1001)).toEqual({ kind: 'none' });
    expect(createDraftStore({ stateDir, profile: 'south', now: () => NOW }).load(1000)).toEqual({ kind: 'none' });
  });

  it('coalesces a burst of saves into the latest state, in order', async () => {
    const stateDir = freshDir();
    const store = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    const writes = [store.save(1000, decisions.slice(0, 1)), store.save(1000, decisions), store.save(1000, decisions.slice(1))];
    await Promise.all(writes);
    const loaded = store.load(1000);
    expect(loaded.kind === 'found' && loaded.draft.decisions).toEqual(decisions.slice(1));
  });

  it('drops a draft, and a save of no decisions deletes it too', async () => {
    const stateDir = freshDir();
    const store = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    await store.save(1000, decisions);
    await store.drop(1000);
    expect(store.load(1000)).toEqual({ kind: 'none' });
    await store.save(1001, decisions);
    await store.save(1001, []);
    expect(existsSync(draftPath(stateDir, 'north', 1001))).toBe(false);
    await store.drop(1002); // dropping a missing draft is fine
  });

  it('a drop scheduled after a save wins even while the save is in flight', async () => {
    const stateDir = freshDir();
    const store = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    const saving = store.save(1000, decisions);
    await store.drop(1000);
    await saving;
    expect(store.load(1000)).toEqual({ kind: 'none' });
  });

  it('leaves no temporary files behind', async () => {
    const stateDir = freshDir();
    const store = createDraftStore({ stateDir, profile: 'north', now: () => NOW });
    for (let i = 0; i < 5; i++) await store.save(1000, decisions.slice(0, 1 + (i % 2)));
    expect(readdirSync(dirname(draftPath(stateDir, 'north', 1000)))).toEqual(['order-1000.json']);
  });

  it.each([
    ['not JSON', '{"version":1,', 'it is not valid JSON'],
    ['the wrong shape', '{"version":1,"decisions":"all"}', 'it does not have the shape of a draft'],
    ['an unknown action', JSON.stringify({ version: 1, profile: 'north', orderId: 1000, savedAt: 'x', decisions: [{ type: 'refund', id: 1, action: 'delete' }] }), 'it does not have the shape of a draft'],
    ['another order', JSON.stringify({ version: 1, profile: 'north', orderId: 999, savedAt: 'x', decisions: [] }), 'it belongs to another profile or order'],
  ])('ignores a corrupt draft (%s) with a notice and keeps the file aside', (_name, content, problem) => {
    const stateDir = freshDir();
    const path = draftPath(stateDir, 'north', 1000);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    const loaded = createDraftStore({ stateDir, profile: 'north', now: () => NOW }).load(1000);
    expect(loaded.kind).toBe('unreadable');
    if (loaded.kind !== 'unreadable') return;
    expect(loaded.notice).toContain(problem);
    expect(loaded.movedTo).toBeDefined();
    expect(readFileSync(loaded.movedTo!, 'utf8')).toBe(content);
    expect(existsSync(path)).toBe(false);
  });

  it('an unreadable path (a directory) is a notice, not a crash', () => {
    const stateDir = freshDir();
    mkdirSync(draftPath(stateDir, 'north', 1000), { recursive: true });
    const loaded = createDraftStore({ stateDir, profile: 'north', now: () => NOW }).load(1000);
    expect(loaded.kind).toBe('unreadable');
  });

  it('a draft file far larger than any draft is refused unread: a notice, the review starts empty', () => {
    const stateDir = freshDir();
    const path = draftPath(stateDir, 'north', 1000);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `{"version":1,"x":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    const loaded = createDraftStore({ stateDir, profile: 'north', now: () => NOW }).load(1000);
    expect(loaded.kind).toBe('unreadable');
    expect(loaded.kind === 'unreadable' && loaded.notice).toMatch(/larger than 4 MiB/);
  });

  it('reports a failed save instead of losing it silently', async () => {
    const stateDir = freshDir();
    // A file where the drafts directory should be makes every save fail.
    writeFileSync(join(stateDir, 'drafts'), 'not a directory');
    await expect(createDraftStore({ stateDir, profile: 'north', now: () => NOW }).save(1000, decisions)).rejects.toThrow();
  });
});

describe('safe file names', () => {
  it('keeps plain names and encodes everything else, so nothing leaves the state dir', () => {
    expect(safeFileSegment('north-1_a')).toBe('north-1_a');
    expect(safeFileSegment('../etc')).toBe('~2E~2E~2Fetc');
    expect(safeFileSegment('')).toBe('~');
    expect(safeFileSegment('ä')).toBe('~C3~A4');
    expect(draftPath('/state', '../../x', 7)).toBe('/state/drafts/~2E~2E~2F~2E~2E~2Fx/order-7.json');
  });

  it('never maps two profiles to one name', () => {
    const names = ['a b', 'a_b', 'a~20b', 'a-b', 'A b', 'a.b', 'a/b'];
    expect(new Set(names.map(safeFileSegment)).size).toBe(names.length);
  });
});
