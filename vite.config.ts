import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { definitionsPlugin } from './scripts/vite-plugin-definitions';

export default defineConfig({
  plugins: [react(), definitionsPlugin()],
});
