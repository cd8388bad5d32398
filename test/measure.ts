// Runs a command as a child process and measures it from outside: wall time, and (on Linux, from
// /proc) its peak resident set size, its CPU time per thread and over time, and how busy the rest of
// the machine was meanwhile, polled while it runs.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** What a measured run gave. */
export interface Measured {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  /** Peak resident set size in bytes (VmHWM); 0 where /proc is missing. */
  readonly peakRss: number;
  /** CPU time (user + system) in seconds of each thread, as last seen: the main thread first, then the busiest. */
  readonly threads: readonly number[];
  /** The process's CPU time (all threads) in seconds, as last seen. */
  readonly cpu: number;
  /** The most cores the process kept busy at once: its CPU time over wall time in the busiest quarter second. */
  readonly cores: number;
  /** The cores the rest of the machine kept busy meanwhile, on average. */
  readonly others: number;
}

/** CPU times at a moment: the process's, and the whole machine's busy time. */
interface Sample {
  readonly at: number;
  readonly cpu: number;
  readonly machine: number;
}

/** Whether this system lets a parent read its child's memory and CPU time from /proc. */
export const canMeasure = process.platform === 'linux';

const ticks = 100; // USER_HZ, the unit of the CPU times in /proc on Linux

/**
 * Runs `command` with `args`, feeding `input` to its stdin, and polls /proc every `every` ms. With
 * `discard`, stdout goes to /dev/null instead of being kept.
 */
export function measure(
  command: string,
  args: readonly string[],
  options: { input?: Readable | string; env?: NodeJS.ProcessEnv; cwd?: string; discard?: boolean; every?: number } = {},
): Promise<Measured> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', options.discard ? 'ignore' : 'pipe', 'pipe'],
  });
  const proc = `/proc/${child.pid}`;
  let peakRss = 0;
  const threads = new Map<string, number>(); // thread id → CPU seconds; the ids of ended threads stay
  const samples: Sample[] = [];
  const poll = () => {
    try {
      const at = performance.now() / 1000;
      const machine = machineBusy(readFileSync('/proc/stat', 'utf8'));
      samples.push({ at, cpu: cpuSeconds(readFileSync(`${proc}/stat`, 'utf8')), machine });
      const status = readFileSync(`${proc}/status`, 'utf8');
      peakRss = Math.max(peakRss, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
      for (const tid of readdirSync(`${proc}/task`)) {
        threads.set(tid, cpuSeconds(readFileSync(`${proc}/task/${tid}/stat`, 'utf8')));
      }
    } catch {
      // the child, or one of its threads, has just exited: keep the last readings
    }
  };
  const timer = canMeasure ? setInterval(poll, options.every ?? 20) : undefined;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const { stdin } = child;
  if (!stdin) throw new Error('no stdin'); // stdio says 'pipe'
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  stdin.on('error', () => {}); // a child that exits early closes its stdin
  if (typeof options.input === 'string') stdin.end(options.input);
  else if (options.input) options.input.pipe(stdin);
  else stdin.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      const first = samples[0];
      const last = samples[samples.length - 1];
      const span = last && first ? last.at - first.at : 0;
      // the main thread's id is the process id
      const main = threads.get(String(child.pid)) ?? 0;
      threads.delete(String(child.pid));
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        seconds,
        peakRss,
        threads: [main, ...[...threads.values()].sort((a, b) => b - a)],
        cpu: last?.cpu ?? 0,
        cores: busiest(samples, 0.25),
        others: span > 0 ? (last.machine - first.machine - (last.cpu - first.cpu)) / span : 0,
      });
    });
  });
}

/** The highest CPU time per wall time over any `window` seconds of the samples. */
function busiest(samples: readonly Sample[], window: number): number {
  let most = 0;
  let j = 0;
  for (let i = 0; i < samples.length; i++) {
    while (j < samples.length && samples[j].at - samples[i].at < window) j++;
    if (j === samples.length) break;
    most = Math.max(most, (samples[j].cpu - samples[i].cpu) / (samples[j].at - samples[i].at));
  }
  return most;
}

/** The user + system CPU time of a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat line, in seconds. */
function cpuSeconds(stat: string): number {
  // fields after the command name (which may hold spaces), from field 3 on: utime is field 14, stime 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** The seconds all cores of the machine spent busy (or taken by the hypervisor) since boot, from /proc/stat. */
function machineBusy(stat: string): number {
  const [, ...times] = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = times.map(Number);
  return (user + nice + system + irq + softirq + steal) / ticks;
}
