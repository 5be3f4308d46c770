import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configJsonSchema, renderConfigReference } from '../../src/config/config-reference.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/apply/4-send/split-payload.js';
import { CONNECTION_DEFAULTS } from '../../src/config/settings/defaults.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { CONFIG_FLAGS } from '../../src/cli/config-flags.js';

const committed = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('config reference', () => {
  it('docs/config.md is the one generated from the schema (regenerate: npm run docs:config)', () => {
    expect(committed('docs/config.md')).toBe(renderConfigReference(CONFIG_FLAGS));
  });

  it('schema/config.schema.json is the one generated from the schema (regenerate: npm run docs:config)', () => {
    expect(JSON.parse(committed('schema/config.schema.json'))).toEqual(configJsonSchema());
  });

  it('documents every target key with a description and an example', () => {
    const schema = configJsonSchema() as {
      properties: {
        targets: { additionalProperties: { properties: Record<string, Record<string, unknown>> } };
      };
    };
    const keys = schema.properties.targets.additionalProperties.properties;
    const reference = renderConfigReference(CONFIG_FLAGS);
    for (const [key, prop] of Object.entries(keys)) {
      expect(prop.description, key).toBeTruthy();
      if (key !== 'guards' && key !== 'notify') expect(prop.examples, key).toBeDefined();
      expect(reference).toContain(`| \`${key}\``);
    }
  });

  it('states the defaults the code applies', () => {
    const keys = (
      configJsonSchema() as {
        properties: {
          targets: { additionalProperties: { properties: Record<string, { default?: unknown }> } };
        };
      }
    ).properties.targets.additionalProperties.properties;
    expect(keys.max_payload_bytes?.default).toBe(DEFAULT_MAX_PAYLOAD_BYTES);
    expect(keys.max_attempts?.default).toBe(CONNECTION_DEFAULTS.maxAttempts);
    expect(keys.max_retry_time?.default).toBe(CONNECTION_DEFAULTS.maxRetryTime);
    expect(keys.timeout?.default).toBe(CONNECTION_DEFAULTS.timeout);
    expect(keys.auth?.default).toBe(CONNECTION_DEFAULTS.auth);
  });
});
