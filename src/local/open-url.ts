/**
 * Opening a web page in the user's browser with the platform's opener, started without a
 * shell (the address goes to it as one argument, never through a command line that could
 * read `&` or `$(…)` in it): xdg-open, open, or on Windows rundll32's URL handler (`start`
 * is a built-in of cmd.exe, which would parse the address as a command line). Where no
 * browser can be reached (over ssh, no display), or the opener fails, the caller prints the
 * address instead.
 */
import { spawn } from 'node:child_process';

/** How to open a URL here, or why it cannot be. */
export type Opener = { readonly command: string; readonly args: readonly string[] } | { readonly reason: string };

/** The opener for `platform` in `env` (pure). */
export function browserOpener(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): Opener {
  const isSsh = Boolean(env.SSH_CONNECTION || env.SSH_TTY || env.SSH_CLIENT);
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler'] };
  if (platform === 'darwin') return isSsh ? { reason: 'an ssh session' } : { command: 'open', args: [] };
  if (isSsh) return { reason: 'an ssh session' };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: 'no display (DISPLAY is unset)' };
  return { command: 'xdg-open', args: [] };
}

export type OpenOutcome = { readonly kind: 'opened' } | { readonly kind: 'not-opened'; readonly reason: string };

/** Longest wait for the opener to say whether it worked; after that it is left to run. */
const OPENER_WAIT_MS = 5_000;

/** Opens `url` with `opener`; resolves with whether it worked (never rejects). */
export function openUrl(url: string, opener: Opener, env: NodeJS.ProcessEnv = process.env): Promise<OpenOutcome> {
  if ('reason' in opener) return Promise.resolve({ kind: 'not-opened', reason: opener.reason });
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(opener.command, [...opener.args, url], { stdio: 'ignore', detached: true, shell: false, env, windowsHide: true });
    } catch (error) {
      resolve({ kind: 'not-opened', reason: `${opener.command} could not be started (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      return;
    }
    const timer = setTimeout(() => {
      child.unref();
      resolve({ kind: 'opened' });
    }, OPENER_WAIT_MS);
    timer.unref();
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ kind: 'not-opened', reason: error.code === 'ENOENT' ? `${opener.command} is not installed` : `${opener.command} failed (${error.code ?? error.message})` });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? { kind: 'opened' } : { kind: 'not-opened', reason: `${opener.command} exited with ${code ?? 'a signal'}` });
    });
  });
}
