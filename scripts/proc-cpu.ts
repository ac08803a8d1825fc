// CPU accounting for the benches, read from /proc: utime + stime of each process and of its
// children that have exited, grouped by what it is, and the busy time of the whole machine.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
export const CLK_TCK = 100;

export interface Proc {
  pid: number;
  ppid: number;
  ticks: number;
  cmd: string;
}

export function readProcs(): Proc[] {
  const procs: Proc[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command sits in parentheses and may hold spaces: split after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      procs.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        // With cutime + cstime a group keeps the CPU of its processes that exit during a
        // measurement (a PostgreSQL backend whose connection closed), so it never shrinks.
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        cmd,
      });
    } catch {
      // exited meanwhile
    }
  }
  return procs;
}

export function descendants(procs: Proc[], rootPid: number): Set<number> {
  const found = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
  }
  return found;
}

/** The PostgreSQL server listening on this port and every backend it forked. */
export function postgresProcesses(procs: Proc[], port: number): Set<number> {
  const postmaster = procs.find((p) => /\bpostgres\b/.test(p.cmd) && p.cmd.includes(`-p ${port}`));
  return postmaster ? descendants(procs, postmaster.pid) : new Set<number>();
}

export const ticksOf = (procs: Proc[], set: Set<number>) =>
  procs.filter((p) => set.has(p.pid)).reduce((n, p) => n + p.ticks, 0);

/** Busy jiffies of the whole machine (all cores) from /proc/stat. */
export function machineBusy() {
  const cpu = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

/**
 * Each group's CPU ticks and process count now (the processes `groupsOf` picks from /proc), the
 * machine's busy time and when it was read.
 */
export function cpuSnapshot<G extends string>(groupsOf: (procs: Proc[]) => Record<G, Set<number>>) {
  const procs = readProcs();
  const sets = Object.entries(groupsOf(procs)) as [G, Set<number>][];
  return {
    at: performance.now(),
    machine: machineBusy(),
    groups: Object.fromEntries(sets.map(([g, set]) => [g, ticksOf(procs, set)])) as Record<
      G,
      number
    >,
    processes: Object.fromEntries(sets.map(([g, set]) => [g, set.size])) as Record<G, number>,
  };
}
