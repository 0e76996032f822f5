/**
 * Memory of a server's processes as Linux's /proc tells it, for the benchmarks (bench-memory,
 * bench-1c): the processes below `npm start`, their resident set and its high-water mark.
 */
import fs from "node:fs";
import path from "node:path";

/** Resident memory now and its high-water mark, in MB; zero for a process gone meanwhile. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return { rss: 0, hwm: 0 };
  }
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), hwm: mb("VmHWM") };
}

/** Every process below `root` (not `root` itself), from the parent ids in /proc/PID/stat. */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // The name in parentheses may hold spaces: the fields after its closing one are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length)
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  return found;
}

/** The node process running build/index.js among `pids`, not the shell that started it. */
export function serverPid(pids: number[]): number | undefined {
  return pids.find((pid) => {
    try {
      const [program, ...rest] = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return path.basename(program) === "node" && rest.includes("build/index.js");
    } catch {
      return false;
    }
  });
}
