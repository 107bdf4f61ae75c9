import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vitePluginFlows } from './engine/vite-plugin-flows.ts';

// Flows are compiled here at build time (and recompiled on edit in dev): see engine/vite-plugin-flows.ts.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [react(), vitePluginFlows()],
  build: {
    outDir: 'dist',
    manifest: true,
  },
});
