/**
 * A command's start-up (`returns-console list --limit 1`, say): from the spawn to its exit,
 * and the CPU time the process used, which it reports itself as it exits (children/
 * report-cpu.mjs, preloaded): a process that has exited has no /proc entry left to read.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { CpuSample } from './measure-startup.js';

const REPORT_CPU = join(import.meta.dirname, 'children', 'report-cpu.mjs');

/** Runs `node args` to its exit; throws when it fails, with what it wrote to stderr. */
export function runCommandOnce(args: readonly string[], env: Record<string, string>): Promise<{ readonly ms: number; readonly cpuMs: CpuSample }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', pathToFileURL(REPORT_CPU).href, ...args], { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let report = '';
  child.stderr!.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  (child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (data: string) => (report += data));
  return new Promise((resolve, reject) => {
    let ms = 0;
    child.once('exit', () => (ms = performance.now() - startedAt));
    child.once('error', reject);
    // After 'close' every pipe is drained, the CPU report included.
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
      const cpuMs = Number(report);
      resolve({ ms, cpuMs: report === '' || Number.isNaN(cpuMs) ? null : cpuMs });
    });
  });
}
