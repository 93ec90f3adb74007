import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './app-processes';

/**
 * The npm registry mirror this project is built against lacks some platform-only optional
 * packages (e.g. @msgpackr-extract/msgpackr-extract-darwin-arm64). `npm install` then leaves them
 * out of package-lock.json and `npm ci` refuses the lock. This records each missing one as the
 * optional, os/cpu-restricted entry a full registry would have produced; no machine of ours ever
 * installs them. Run after `npm install`: `npm run build:scripts && node dist/scripts/scripts/fix-lockfile.js`.
 */
interface LockPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

const PLATFORM = /(darwin|linux|win32|android|freebsd|openbsd|netbsd|openharmony|sunos|aix)-(x64|arm64|arm|ia32|loong64|ppc64|riscv64|s390x|mips64el|wasm32)/;

const path = join(repoRoot(), 'package-lock.json');
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockPackage> };
const added: string[] = [];
for (const pkg of Object.values(lock.packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = PLATFORM.exec(name.split('/').pop() ?? '');
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version: range.replace(/^[~^]/, ''), cpu: [platform[2]], license: 'MIT', optional: true, os: [platform[1]] };
    added.push(name);
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
process.stdout.write(added.length ? `added ${added.length}: ${added.join(', ')}\n` : 'lockfile complete\n');
