/** Quotes a path for a copy-paste shell command (a `chmod` or `rm` fix) when it needs it. */
export function shellQuote(path: string): string {
  return /^[A-Za-z0-9_./~+-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
