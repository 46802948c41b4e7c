/**
 * A state directory that fills up or cannot be written, for a real process: the program runs
 * in a mount namespace of its own (`unshare --user --map-root-user --mount`, which needs no
 * privileges where user namespaces are allowed) on a tiny tmpfs filled to the brim, or on a
 * read-only bind mount. The network is shared, so it still reaches the sandbox on loopback.
 * Where `unshare` cannot do this, `limitedFsSupport()` says why and the tests that need it skip.
 */
import { spawnSync } from 'node:child_process';

export type Limit = 'full' | 'read-only';

/** Null when a limited file system can be made here, else why not. */
export function limitedFsSupport(): string | null {
  const probe = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=16k tmpfs /mnt 2>/dev/null || mount -t tmpfs -o size=16k tmpfs "$TMPDIR"'], {
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: process.env.TMPDIR ?? '/tmp' },
  });
  return probe.status === 0 ? null : `unshare cannot mount here (${(probe.stderr || probe.error?.message || `exit ${probe.status}`).trim()})`;
}

/**
 * The command line that runs `argv` with `dir` (an existing directory) limited, and then
 * copies `dir/returns-console/audit.jsonl` to `$LOG_COPY` (the tmpfs goes with the namespace).
 * `prepare` is a shell snippet run on `dir` ("$1") before the limit applies (e.g. creating the
 * state directory and an earlier log). For 'full', `dir` becomes a tmpfs of 64 KiB with
 * `prepare`'s files, then filled until no byte is left: a file whose size is a whole number of
 * pages can then not grow by one byte.
 */
export function limitedCommand(limit: Limit, dir: string, prepare: string, argv: readonly string[]): { readonly file: string; readonly args: string[] } {
  const limiting =
    limit === 'full'
      ? `mkdir -p "$1" && mount -t tmpfs -o size=64k tmpfs "$1" && (${prepare}) && (cat /dev/zero > "$1/filler" 2>/dev/null; true)`
      : `(${prepare}) && mount --bind "$1" "$1" && mount -o remount,bind,ro "$1"`;
  const script = `${limiting} || exit 99; dir="$1"; shift; "$@"; code=$?; cp "$dir/returns-console/audit.jsonl" "$LOG_COPY" 2>/dev/null; exit $code`;
  return { file: 'unshare', args: ['--user', '--map-root-user', '--mount', 'sh', '-c', script, 'limited', dir, ...argv] };
}
