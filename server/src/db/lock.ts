import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (ms since the epoch), or null when the platform does not tell. */
export function processStartTime(pid: number): number | null {
  try {
    if (process.platform === 'linux') {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[19]); // field 22: start time in clock ticks after boot
      const btime = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
      if (Number.isFinite(ticks) && Number.isFinite(btime)) return btime * 1000 + (ticks / 100) * 1000;
    }
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim();
    const t = Date.parse(out);
    return Number.isFinite(t) ? t : null;
  } catch {
    return null;
  }
}

/**
 * Is the lock's holder still running? The pid must be alive *and* that process must have been
 * running when the lock was written: after a crash the pid may have been reused by a newer,
 * unrelated process, which must not keep the app down.
 */
function holderAlive(pid: number, lockedAt: number): boolean {
  if (!isAlive(pid)) return false;
  const started = processStartTime(pid);
  if (started === null) return true; // cannot tell: be safe
  return started <= lockedAt + 2000;
}

/**
 * PGlite allows one process per data directory. Take an exclusive lock file (O_EXCL) holding our
 * pid; a lock left by a dead process is taken over. Returns a release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'waymark.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = NaN;
      let lockedAt = 0;
      try {
        pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
        lockedAt = fs.statSync(file).mtimeMs;
      } catch {
        /* vanished between open and read: try again */
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && holderAlive(pid, lockedAt)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is already in use by another Waymark process (pid ${pid}); stop it first or set a different DATA_DIR (or DATABASE_URL).`,
        );
      }
      // Stale lock from a process that is gone: remove it and try again.
      try {
        fs.unlinkSync(file);
      } catch {
        /* raced with another starter */
      }
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}; another process keeps taking it.`);
}
