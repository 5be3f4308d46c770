// Writes docs/config.md and schema/config.schema.json from the config schema (run after a build:
// `npm run docs:config`). test/config/config-reference.test.ts fails when either is stale. The
// schema describes the keys; the flag beside each is the CLI's (src/cli/config-flags.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFIG_FLAGS } from '../dist/cli/config-flags.js';
import { configJsonSchema, renderConfigReference } from '../dist/config/config-reference.js';

writeFileSync(fileURLToPath(import.meta.resolve('../docs/config.md')), renderConfigReference(CONFIG_FLAGS));
writeFileSync(
  fileURLToPath(import.meta.resolve('../schema/config.schema.json')),
  `${JSON.stringify(configJsonSchema(), null, 2)}\n`,
);
