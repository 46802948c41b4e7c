/**
 * Which Node.js runs the console. Checked first thing in main.ts, before any command (and
 * undici, which throws on import under Node 20) loads, so an old Node gets one clear
 * sentence instead of a stack trace. Pure: the caller passes process.versions.node.
 */

/** The oldest supported Node.js; older majors are out of maintenance or lack what undici 8 needs. */
export const MINIMUM_NODE = { major: 22, minor: 19 } as const;

/** The maintained majors the console is tested on; package.json `engines` lists the same (a test checks). */
export const TESTED_NODE_MAJORS = [22, 24, 26] as const;

/** The `engines.node` range these constants stand for. */
export function enginesRange(): string {
  return TESTED_NODE_MAJORS.map((major) =>
    major === MINIMUM_NODE.major ? `^${major}.${MINIMUM_NODE.minor}.0` : `^${major}.0.0`,
  ).join(' || ');
}

/**
 * The message for a Node.js too old to run the console, or undefined when `version`
 * (like "20.19.5" or "v22.19.0") is new enough. Majors newer than the tested ones run:
 * they are only untested, not known to fail.
 */
export function unsupportedNodeMessage(version: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return undefined;
  const supported = TESTED_NODE_MAJORS.map((m) => (m === MINIMUM_NODE.major ? `${m} (${m}.${MINIMUM_NODE.minor} or newer)` : String(m))).join(', ');
  return (
    `error: returns-console needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer; this is Node.js ${version.replace(/^v?/, 'v')}.\n` +
    `hint: Install a maintained Node.js (supported: ${supported}) and run it again.\n`
  );
}
