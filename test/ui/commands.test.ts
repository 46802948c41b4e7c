/** The command line's pure parts: the command table, completion, the history walk, the stored history. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, loadCommandHistory, saveCommandHistory, withCommand } from '../../src/local/command-history.js';
import { commandHistoryPath } from '../../src/local/state-paths.js';
import { viewFilters } from '../../src/ops/saved-views.js';
import { COMMANDS, runCommandLine, type CommandContext } from '../../src/ui/command-line/commands.js';
import { completeCommandLine } from '../../src/ui/command-line/complete.js';
import { commandLineReducer, initialCommandLineState } from '../../src/ui/command-line/command-line-state.js';
import { textAt } from '../../src/ui/components/text-edit.js';

const NOW = Date.parse('2026-11-05T12:00:00Z');
const ctx: CommandContext = {
  filters: { statuses: ['pending'] },
  views: { today: { statuses: ['pending'], from: 'today' }, team: {} },
  profileNames: ['north', 'south', 'southwest'],
  profile: 'north',
  dates: { nowMs: NOW, timeZone: 'UTC' },
};

describe('running a command line', () => {
  it('filters: each command sets its filter and keeps the others', () => {
    expect(runCommandLine('status pending,reviewed', ctx)).toEqual({ ok: true, effect: { kind: 'filters', filters: { statuses: ['pending', 'reviewed'] } } });
    expect(runCommandLine(':from today', ctx)).toEqual({
      ok: true,
      effect: { kind: 'filters', filters: { statuses: ['pending'], submittedAtMin: '2026-11-05T00:00:00Z' } },
    });
    expect(runCommandLine('to 2026-11-02', ctx)).toEqual({
      ok: true,
      effect: { kind: 'filters', filters: { statuses: ['pending'], submittedAtMax: '2026-11-02T23:59:59Z' } },
    });
    expect(runCommandLine('ids 1001, 1002 1003', ctx)).toMatchObject({ ok: true, effect: { filters: { ids: [1001, 1002, 1003] } } });
    expect(runCommandLine('names #A1 #B2', ctx)).toMatchObject({ ok: true, effect: { filters: { orderNames: ['#A1', '#B2'] } } });
    expect(runCommandLine('clear', ctx)).toEqual({ ok: true, effect: { kind: 'clear' } });
  });

  it('app commands, views and profiles', () => {
    for (const [line, command] of [['log', 'log'], ['help', 'help'], ['q', 'quit'], ['quit', 'quit'], ['overview', 'overview']] as const) {
      expect(runCommandLine(line, ctx)).toEqual({ ok: true, effect: { kind: 'app', command } });
    }
    expect(runCommandLine('profile south', ctx)).toEqual({ ok: true, effect: { kind: 'app', command: 'profile', argument: 'south' } });
    expect(runCommandLine('view today', ctx)).toEqual({ ok: true, effect: { kind: 'view', name: 'today' } });
  });

  it('says what is wrong, so the line can be mended', () => {
    const message = (line: string) => {
      const r = runCommandLine(line, ctx);
      return r.ok ? '' : r.message;
    };
    expect(message('')).toContain('Type a command');
    expect(message('stauts x')).toBe('Unknown command :stauts. Did you mean :status? Commands: status, from, to, ids, names, clear, view, profile, overview, log, help, q.');
    expect(message('status')).toContain('Give one or more statuses');
    expect(message('status pending,revieved')).toBe('"revieved" is not a status. Did you mean reviewed or received? Tab completes status names.');
    expect(message('from soon')).toContain('"soon" is not a date');
    expect(message('from 2026-11-03')).toBe('');
    expect(runCommandLine('to 2026-11-01', { ...ctx, filters: { submittedAtMin: '2026-11-03T00:00:00Z' } })).toEqual({
      ok: false,
      message: 'Submitted from must not be later than Submitted to (from 2026-11-03T00:00:00Z, to 2026-11-01T23:59:59Z).',
    });
    expect(message('ids 0')).toContain('Give return order ids');
    expect(message('names')).toContain('Give order names');
    expect(message('view tody')).toBe('No view named "tody" (views: today, team). Did you mean today?');
    expect(message('profile north')).toBe('Profile "north" is the one on screen.');
    expect(message('profile wst')).toContain('No profile named "wst" (profiles: north, south, southwest).');
    expect(message('log now')).toBe(':log takes nothing after it.');
  });

  it('every command has a usage and a description for help and docs', () => {
    for (const c of COMMANDS) {
      expect(c.usage.startsWith(`:${c.name}`)).toBe(true);
      expect(c.description.length).toBeGreaterThan(3);
    }
  });
});

describe('Tab completion', () => {
  it('completes a command; with an argument it adds the space, without one not', () => {
    expect(completeCommandLine('sta', ctx)).toEqual({ text: 'status ', candidates: ['status'] });
    expect(completeCommandLine('ov', ctx)).toEqual({ text: 'overview', candidates: ['overview'] });
    expect(completeCommandLine('zz', ctx)).toEqual({ text: 'zz', candidates: [] });
  });

  it('several candidates: fills in what they share and lists them', () => {
    expect(completeCommandLine('status pend', ctx)).toEqual({
      text: 'status pending',
      candidates: ['pending', 'pending_payment_from_customer', 'pending_action'],
    });
    expect(completeCommandLine('status pending,re', ctx)).toEqual({
      text: 'status pending,re',
      candidates: ['reviewed', 'received', 'resolving', 'rejected'],
    });
    expect(completeCommandLine('status pending,rev', ctx).text).toBe('status pending,reviewed');
    // Tab after "sta" leaves a space; a second one typed by habit does not stop the completion.
    expect(completeCommandLine('status  pend', ctx).text).toBe('status pending');
    expect(completeCommandLine('view   to', ctx).text).toBe('view today');
  });

  it('views and profiles by name; free arguments are left alone', () => {
    expect(completeCommandLine('view to', ctx).text).toBe('view today');
    expect(completeCommandLine('profile sou', ctx)).toEqual({ text: 'profile south', candidates: ['south', 'southwest'] });
    expect(completeCommandLine('profile southw', ctx).text).toBe('profile southwest');
    expect(completeCommandLine('from tod', ctx)).toEqual({ text: 'from tod', candidates: [] });
  });
});

describe('the history walk', () => {
  it('↑ goes back, ↓ forward, and past the newest the typed text comes back', () => {
    let s = initialCommandLineState(['status pending', 'ids 1']);
    s = commandLineReducer(s, { type: 'edit', text: textAt('vi') });
    s = commandLineReducer(s, { type: 'older' });
    expect(s.text.value).toBe('ids 1');
    s = commandLineReducer(s, { type: 'older' });
    s = commandLineReducer(s, { type: 'older' });
    expect(s.text.value).toBe('status pending');
    s = commandLineReducer(s, { type: 'newer' });
    expect(s.text.value).toBe('ids 1');
    s = commandLineReducer(s, { type: 'newer' });
    expect(s.text.value).toBe('vi');
    expect(s.walk).toBeNull();
    expect(commandLineReducer(initialCommandLineState([]), { type: 'older' }).message?.text).toBe('No earlier commands yet.');
  });

  it('an error keeps the text; editing clears the message', () => {
    let s = commandLineReducer(initialCommandLineState([]), { type: 'edit', text: textAt('stauts') });
    s = commandLineReducer(s, { type: 'failed', message: 'Unknown command' });
    expect(s.text.value).toBe('stauts');
    expect(s.message).toEqual({ text: 'Unknown command', tone: 'error' });
    expect(commandLineReducer(s, { type: 'edit', text: textAt('status') }).message).toBeNull();
  });
});

describe('the stored history', () => {
  it('is kept per profile, oldest first, without a repeat of the last command, and at most HISTORY_LIMIT long', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-history-'));
    expect(loadCommandHistory(dir, 'north')).toEqual([]);
    let h = withCommand([], 'status pending');
    h = withCommand(h, 'status pending');
    h = withCommand(h, '  ids 1 ');
    expect(h).toEqual(['status pending', 'ids 1']);
    await saveCommandHistory(dir, 'north', h);
    expect(loadCommandHistory(dir, 'north')).toEqual(['status pending', 'ids 1']);
    expect(loadCommandHistory(dir, 'south')).toEqual([]);
    const many = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => `ids ${i + 1}`);
    await saveCommandHistory(dir, 'north', many);
    expect(loadCommandHistory(dir, 'north')).toEqual(many.slice(-HISTORY_LIMIT));
  });

  it('never holds a key typed at the line, and is not read through a symbolic link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-history-'));
    const key = `sk_${'ab12'.repeat(16)}`;
    await saveCommandHistory(dir, 'north', [`names ${key}`]);
    const path = commandHistoryPath(dir, 'north');
    expect(readFileSync(path, 'utf8')).not.toContain('ab12ab12');
    expect(loadCommandHistory(dir, 'north')).toEqual(['names sk_…ab12']);
    // A link where the file belongs (planted by someone else): refused, so no history.
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ version: 1, commands: ['status pending'] }));
    rmSync(path);
    symlinkSync(elsewhere, path);
    expect(loadCommandHistory(dir, 'north')).toEqual([]);
  });

  it('a damaged history file is an empty history', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-history-'));
    const path = commandHistoryPath(dir, 'north');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{"version":1,"commands":[1,');
    expect(loadCommandHistory(dir, 'north')).toEqual([]);
  });
});

describe('saved views', () => {
  it('give their filters with dates read when applied, and their page size', () => {
    expect(viewFilters({ statuses: ['pending'], from: 'today', to: 'today', ids: [1], order_names: ['#A'], limit: 20 }, ctx.dates)).toEqual({
      ok: true,
      filters: { statuses: ['pending'], ids: [1], orderNames: ['#A'], submittedAtMin: '2026-11-05T00:00:00Z', submittedAtMax: '2026-11-05T23:59:59Z' },
      limit: 20,
    });
    expect(viewFilters({ from: 'today', to: 'yesterday' }, ctx.dates)).toMatchObject({ ok: false, message: expect.stringContaining('must not be later than') });
  });
});
