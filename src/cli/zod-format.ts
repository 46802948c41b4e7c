/** Field paths of zod issues as people read them: `profiles.north.base_url`, `items[2].action`. */

/** `a.b[2].c` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}
