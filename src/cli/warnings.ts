/** Local problems a command met on the way (the activity log could not be written, …): one stderr line each. */
import type { CommandContext } from './command-runner.js';

/** Writes each warning as "warning: …" on stderr (the texts are already sanitized). */
export function writeWarnings(ctx: CommandContext, warnings: readonly string[]): void {
  for (const w of warnings) ctx.factory.io.stderr.write(`${ctx.errStyle.yellow('warning:')} ${w}\n`);
}
