// Preloaded (node --import) into a command the benchmark times: when the process exits, its
// CPU time (user + system, all its threads, in ms) is written to fd 3, which the harness reads.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  try {
    writeSync(3, String((user + system) / 1000));
  } catch {
    // Not started by the harness: nothing to report to.
  }
});
