import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

const PREFIX = 'price-export-cache-';

/** A worker killed with SIGKILL cannot clean up; the next one removes caches of dead processes. */
async function sweepDeadCaches(): Promise<void> {
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = Number(name.startsWith(PREFIX) ? name.slice(PREFIX.length) : NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Entry {
  path: string;
  size: number;
  users: number;
  ready: Promise<void>;
}

/**
 * Uploaded files are stored under a fresh key on every upload, so an object never changes: a
 * worker can keep the price lists and templates it has fetched on local disk and skip the
 * download next time. Least recently used files go first once `maxBytes` is exceeded; files in
 * use by a job are never evicted.
 */
export class ObjectCache {
  private readonly entries = new Map<string, Entry>();
  private dir?: Promise<string>;
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly fetch: (key: string, path: string) => Promise<void>,
  ) {}

  /** A local path holding the object; call `release` when the job is done with it. */
  async acquire(key: string): Promise<{ path: string; hit: boolean; release: () => void }> {
    let entry = this.entries.get(key);
    const hit = entry !== undefined;
    if (entry) {
      this.entries.delete(key); // re-insert: Map order is our LRU order
      this.entries.set(key, entry);
    } else {
      // Registered before any await, so a concurrent job for the same key shares this download.
      const created: Entry = { path: '', size: 0, users: 0, ready: Promise.resolve() };
      created.ready = (async () => {
        created.path = join(await this.directory(), createHash('sha1').update(key).digest('hex'));
        await this.fetch(key, created.path);
        created.size = (await stat(created.path)).size;
        this.bytes += created.size;
      })();
      this.entries.set(key, created);
      entry = created;
    }
    entry.users++;
    const held = entry;
    try {
      await held.ready;
    } catch (error) {
      held.users--;
      if (this.entries.get(key) === held) this.entries.delete(key);
      if (held.path) await rm(held.path, { force: true });
      throw error;
    }
    void this.evict();
    let released = false;
    return {
      path: held.path,
      hit,
      release: () => {
        if (released) return;
        released = true;
        held.users--;
        void this.evict();
      },
    };
  }

  async clear(): Promise<void> {
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
    this.entries.clear();
    this.bytes = 0;
  }

  private directory(): Promise<string> {
    this.dir ??= (async () => {
      await sweepDeadCaches();
      const dir = join(tmpdir(), `${PREFIX}${process.pid}`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      return dir;
    })();
    return this.dir;
  }

  private async evict(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      if (entry.users > 0 || entry.size === 0) continue;
      this.entries.delete(key);
      this.bytes -= entry.size;
      await rm(entry.path, { force: true });
    }
  }
}
