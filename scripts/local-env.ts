import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `npm start` reads `.env.local` when it exists (see .env.local.example); the environment wins. */
export function loadLocalEnv(root: string): void {
  const file = join(root, '.env.local');
  if (existsSync(file)) process.loadEnvFile(file);
}
