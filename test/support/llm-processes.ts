// Finding embedded-model processes in the process table (Linux /proc), for the tests that prove
// none is left running: a hostile file never starts one, and a killed or cancelled load ends it.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): ProcessEntry[] {
  const out: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const state = fields[0];
      if (state === 'Z' || state === 'X') continue; // exited, not yet reaped
      out.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' '),
      });
    } catch {
      // gone while listed
    }
  }
  return out;
}

/** Model processes (main/llm/embedded/llm-process) whose parent is `parent`. */
export function llmProcessesOf(parent = process.pid): number[] {
  return processes()
    .filter((p) => p.ppid === parent && /llm-process\.(ts|js)/.test(p.cmdline))
    .map((p) => p.pid);
}

/** Whether a process is still running (not a zombie). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Processes whose environment holds `NAME=value` (a CLI run and every child it started). */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = `${name}=${value}`;
  const found: number[] = [];
  for (const p of processes()) {
    try {
      const env = readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0');
      if (env.includes(needle)) found.push(p.pid);
    } catch {
      // another user's process, or gone
    }
  }
  return found;
}

/** Polls until `check` holds or `ms` pass; answers whether it held. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
