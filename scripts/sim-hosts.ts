import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Hosts simulated on one machine (DESIGN §18 "Many hosts"): each a network namespace with an
 * address of its own on a bridge (a veth pair each), optionally held to a CPU quota by a cgroup.
 * What runs in one reaches the others only over that network, as on separate machines: nothing
 * on another host's loopback, files only through the services. Needs root (ip netns, cgroups).
 */
export interface SimHost {
  name: string;
  /** The network namespace. */
  ns: string;
  address: string;
  /** The host's cgroup folder, when it has a CPU quota. */
  cgroup?: string;
  /** Prefix for a command to run on the host: `[...prefix, command, ...args]`. */
  prefix: string[];
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** The cgroup filesystem's CPU controller: v1's `cpu` hierarchy, else v2's unified tree. */
function cpuCgroupRoot(): { dir: string; v2: boolean } | undefined {
  if (existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) return { dir: '/sys/fs/cgroup/cpu', v2: false };
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) return { dir: '/sys/fs/cgroup', v2: true };
  return undefined;
}

/** Whether this process may build simulated hosts (root, `ip`, a CPU cgroup controller). */
export function canSimulateHosts(): boolean {
  try {
    return process.getuid?.() === 0 && cpuCgroupRoot() !== undefined && execFileSync('ip', ['netns', 'list']) !== undefined;
  } catch {
    return false;
  }
}

export class SimNetwork {
  readonly hosts: SimHost[] = [];
  /** This machine's own address on the network (the root namespace's side of the bridge). */
  readonly gateway: string;
  private readonly bridge: string;
  private readonly subnet: string;

  /** `id`: a few letters, unique among networks alive at once (interface names are at most 15 characters). */
  constructor(private readonly id: string, octet = 200 + Math.floor(Math.random() * 50)) {
    this.subnet = `10.231.${octet}`;
    this.bridge = `pebr-${id}`;
    this.gateway = `${this.subnet}.254`;
    ip('link', 'add', this.bridge, 'type', 'bridge');
    ip('addr', 'add', `${this.gateway}/24`, 'dev', this.bridge);
    ip('link', 'set', this.bridge, 'up');
  }

  /** A new host; `cpus`: its CPU quota (0.5 = half a core), none when absent. */
  addHost(name: string, cpus?: number): SimHost {
    const n = this.hosts.length + 1;
    const ns = `pe-${this.id}-${name}`;
    const outside = `pe${this.id}${n}h`;
    const address = `${this.subnet}.${n}`;
    ip('netns', 'add', ns);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', `pe${this.id}${n}p`);
    ip('link', 'set', `pe${this.id}${n}p`, 'netns', ns);
    ip('-n', ns, 'link', 'set', `pe${this.id}${n}p`, 'name', 'eth0');
    ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    ip('-n', ns, 'link', 'set', 'eth0', 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('link', 'set', outside, 'master', this.bridge);
    ip('link', 'set', outside, 'up');
    const cgroup = cpus === undefined ? undefined : this.cpuQuota(ns, cpus);
    // The shell joins the cgroup first, so the command and everything it starts are held to it.
    const join_ = cgroup ? `echo $$ > ${cgroup}/cgroup.procs && ` : '';
    const prefix = ['sh', '-c', `${join_}exec ip netns exec ${ns} "$@"`, 'sh'];
    const host = { name, ns, address, cgroup, prefix };
    this.hosts.push(host);
    return host;
  }

  /** Removes the hosts (their namespaces, links and cgroups) and the bridge; processes must be gone first. */
  destroy(): void {
    for (const host of this.hosts.splice(0)) {
      try {
        ip('netns', 'del', host.ns);
      } catch {
        // Already gone.
      }
      if (host.cgroup) {
        try {
          rmdirSync(host.cgroup);
        } catch {
          // Still holds a process, or gone: the next run's cgroup has another name.
        }
      }
    }
    try {
      ip('link', 'del', this.bridge);
    } catch {
      // Already gone.
    }
  }

  private cpuQuota(name: string, cpus: number): string {
    const root = cpuCgroupRoot();
    if (!root) throw new Error('no CPU cgroup controller on this machine');
    const dir = join(root.dir, name);
    mkdirSync(dir, { recursive: true });
    const period = 100_000;
    if (root.v2) writeFileSync(join(dir, 'cpu.max'), `${Math.round(cpus * period)} ${period}`);
    else {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(period));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(Math.round(cpus * period)));
    }
    return dir;
  }
}
