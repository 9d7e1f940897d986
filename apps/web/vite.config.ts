import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: [{ find: /^@tienda\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] },
  server: { proxy: { '/api': 'http://localhost:3000', '/Email': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
