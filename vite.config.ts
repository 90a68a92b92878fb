import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** One id per build: the server sends it as Client-Version, the web compares it and busts its cache. */
const buildVersion = `${pkg.version}+${Date.now().toString(36)}`;
const outDir = path.resolve(process.env.WEB_DIST ?? 'dist/web');

function writeVersionFile(): Plugin {
  return {
    name: 'write-version-file',
    apply: 'build',
    closeBundle() {
      writeFileSync(path.join(outDir, 'version.json'), JSON.stringify({ version: buildVersion }));
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), writeVersionFile()],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion),
    __DEBUG_ALLOWED__: JSON.stringify(mode !== 'production'),
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // The entry is a few files instead of a dozen: per-file gzip overhead counts against the
        // 115 KB budget. Screens stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/]((react|react-dom|scheduler|react-router)[\\/]|@tanstack[\\/](query-core|react-query)[\\/](?!.*hydration))/,
            },
            {
              name: 'shell',
              test: /src[\\/](protocol[\\/](routes|flags|errorCodes|identityRules|gameVars)|web[\\/](config|api[\\/](?!persist)|lib[\\/](auth|storage|flags|entry|session|lazyScreen|debug)\.|layouts|router|providers|features[\\/]maintenance[\\/][^/\\]+\.tsx?$|ui[\\/](Loading|Button|MessagePage|Dialog|icons|ErrorScreen)))/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
