/**
 * The rule for a directory of ours that other users must not be able to change (the state
 * directory, the compile cache): it is a directory, it belongs to this user, and neither its
 * group nor others can write to it. One rule, one wording, each refusal with its fix. Pure:
 * the callers stat the directory.
 */
import { shellQuote } from './shell-quote.js';

/** What a rule reads of a directory (a Stats, or a test's stand-in). */
export interface DirInfo {
  readonly uid: number;
  readonly mode: number;
  isDirectory(): boolean;
}

/** Why a directory cannot be used, and the command or step that fixes it. */
export interface DirProblem {
  readonly message: string;
  readonly fix: string;
}

const S_ISVTX = 0o1000;

/** Who can write to a directory of `mode` besides its owner: "group", "others", "group and others", or ''. */
function otherWriters(mode: number): string {
  return [(mode & 0o020) !== 0 ? 'group' : '', (mode & 0o002) !== 0 ? 'others' : ''].filter(Boolean).join(' and ');
}

/** What the rule's messages name. */
export interface DirNames {
  /** The directory, e.g. "the state directory". */
  readonly what: string;
  /** How to choose another one, e.g. "set XDG_STATE_HOME". */
  readonly elsewhere: string;
}

/**
 * The problem with `path`, or null when it is private. `uid` is this process's user;
 * undefined (Windows: no POSIX owner or mode bits) checks nothing but the kind.
 */
export function privateDirProblem(names: DirNames, path: string, info: DirInfo, uid: number | undefined): DirProblem | null {
  if (!info.isDirectory()) {
    return { message: `${names.what} ${path} is not a directory`, fix: `Move it away (mv ${shellQuote(path)} ${shellQuote(`${path}.old`)}) and start again.` };
  }
  if (uid === undefined) return null;
  if (info.uid !== uid) {
    return { message: `${names.what} ${path} belongs to another user (uid ${info.uid})`, fix: `Use a directory of your own: ${names.elsewhere}, or run: sudo chown -R ${uid} ${shellQuote(path)}` };
  }
  const who = otherWriters(info.mode);
  if (who !== '') {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    return { message: `${names.what} ${path} has permissions ${mode}: ${who} can write to it, so it is refused`, fix: `chmod 700 ${shellQuote(path)}` };
  }
  return null;
}

/**
 * The problem with an ancestor `path` of a private directory, or null: one that another user
 * owns (root aside), or that others can write to without the sticky bit (as /tmp has), lets
 * them swap the private directory for one of their own.
 */
export function ancestorDirProblem(names: DirNames, path: string, info: DirInfo, uid: number | undefined): DirProblem | null {
  if (uid === undefined) return null;
  if (info.uid !== uid && info.uid !== 0) {
    return { message: `${path}, a parent of ${names.what}, belongs to another user (uid ${info.uid})`, fix: `Use a directory of your own: ${names.elsewhere}` };
  }
  const who = otherWriters(info.mode);
  if (who !== '' && (info.mode & S_ISVTX) === 0) {
    return { message: `${path}, a parent of ${names.what}, can be written to by ${who}`, fix: `chmod go-w ${shellQuote(path)}, or ${names.elsewhere}` };
  }
  return null;
}
