import { readFileSync } from 'node:fs';

/**
 * CPU seconds a process has used (user + system, from /proc/<pid>/stat; clock ticks of 1/100 s):
 * what a request costs a process, less swayed than req/s by what else runs on the machine.
 * Undefined where /proc is not there or the process is gone.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
