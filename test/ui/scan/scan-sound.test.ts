/**
 * The scan desk's sounds without the console: the bell, nothing, or a command run without a
 * shell (its arguments reach it as written, "$(…)" included), and a command that cannot run
 * is reported, not thrown.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { playSound } from '../../../src/ui/screens/scan/scan-sound.js';

describe('a scan desk sound', () => {
  it('rings the bell, stays silent, or runs the command without a shell', async () => {
    const bell = vi.fn();
    const onError = vi.fn();
    playSound('off', bell, onError);
    expect(bell).not.toHaveBeenCalled();
    playSound('bell', bell, onError);
    expect(bell).toHaveBeenCalledTimes(1);

    const dir = mkdtempSync(join(tmpdir(), 'rc-sound-'));
    const out = join(dir, 'argv.json');
    const script = 'require("node:fs").writeFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)))';
    playSound([process.execPath, '-e', script, out, '$(touch pwned)', '; rm -rf ~'], bell, onError);
    await vi.waitFor(() => expect(existsSync(out)).toBe(true), { timeout: 10_000 });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(['$(touch pwned)', '; rm -rf ~']);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(bell).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a command that cannot run', async () => {
    const onError = vi.fn();
    playSound(['/nonexistent/returns-console-sound'], () => undefined, onError);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.stringContaining('ENOENT')), { timeout: 10_000 });
  });
});
