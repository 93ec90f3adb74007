import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, '..');
const contractsDir = path.resolve(repoDir, 'libs/contracts/src');
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: webDir,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@app\/contracts$/, replacement: path.join(contractsDir, 'index.ts') },
      { find: /^@app\/contracts\/(.*)$/, replacement: `${contractsDir}/$1` },
    ],
  },
  build: {
    outDir: path.resolve(repoDir, 'dist/web'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/admin': apiTarget,
    },
  },
});
