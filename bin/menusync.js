#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm run build`, which `npm ci` runs).
import module from 'node:module';

// Node 22.1+ keeps compiled code of the CLI's modules on disk (os.tmpdir()), so later runs start
// faster; a cron job starting menusync per restaurant gains most. Node 20 has no such cache.
module.enableCompileCache?.();

const { main } = await import('../dist/cli/main.js');
main();
