/**
 * Why a local file could not be written, in a user's words: a full disk, a read-only file
 * system and a directory without permission said plainly, anything else as the system put
 * it (unsanitized: callers show it through the sanitizer).
 */
export function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'no space left on the device';
  if (code === 'EROFS') return 'the state directory is on a read-only file system';
  if (code === 'EACCES' || code === 'EPERM') return 'the state directory is not writable';
  return error instanceof Error ? error.message : String(error);
}
