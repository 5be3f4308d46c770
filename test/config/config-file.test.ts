import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load-config.js';
import { InvalidInputError } from '../../src/errors.js';

const FILE = '/srv/menusync.config.yaml';

function problems(text: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseConfig(text, FILE, env);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.message;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('config defaults', () => {
  it('gives every target the shared keys; a key the target sets wins, guards and params merge', () => {
    const config = parseConfig(
      [
        'defaults:',
        '  base_url: https://platform.example.com/api',
        '  keep_runs: 60',
        '  guards: { allow_deletes: 10%, protect: [gift-card] }',
        '  params: { store: Main, currency: EUR }',
        'targets:',
        '  a: { client_id: a }',
        '  b: { client_id: b, keep_runs: 5, guards: { allow_empty: true }, params: { store: Harbour } }',
      ].join('\n'),
      FILE,
      {},
    );
    expect(config.targets.a).toMatchObject({ base_url: 'https://platform.example.com/api', keep_runs: 60 });
    expect(config.targets.b).toMatchObject({
      base_url: 'https://platform.example.com/api',
      keep_runs: 5,
      guards: { allow_deletes: '10%', protect: ['gift-card'], allow_empty: true },
      params: { store: 'Harbour', currency: 'EUR' },
    });
  });

  it('checks the defaults like a target, at their line', () => {
    expect(problems('defaults:\n  keep_run: 3\ntargets: {}\n')).toContain(`${FILE}:2: `);
  });
});

describe('${NAME} in config values', () => {
  it('takes the value from the environment; $${NAME} stays as written', () => {
    const config = parseConfig(
      'targets:\n  a:\n    base_url: ${PLATFORM}/api\n    client_id: $${literal}\n',
      FILE,
      { PLATFORM: 'https://platform.example.com' },
    );
    expect(config.targets.a).toMatchObject({
      base_url: 'https://platform.example.com/api',
      client_id: '${literal}',
    });
  });

  it('names every unset variable at its line, once', () => {
    const message = problems('targets:\n  a:\n    base_url: ${NO_URL}\n    client_id: ${NO_ID}\n');
    expect(message).toContain(`${FILE}:3: the environment variable NO_URL is not set (targets.a.base_url)`);
    expect(message).toContain(`${FILE}:4: the environment variable NO_ID is not set (targets.a.client_id)`);
    expect(message).not.toContain('Invalid URL');
  });

  it('never shows an expanded value in a message', () => {
    const message = problems("targets:\n  a:\n    schedule: '${CRON_TOKEN}'\n", {
      CRON_TOKEN: 's3cr3t-value',
    });
    expect(message).toContain('${CRON_TOKEN}');
    expect(message).not.toContain('s3cr3t-value');
  });
});

describe('config targets and params named like prototype members', () => {
  it('refuses a target named __proto__ with its line instead of losing it', () => {
    const text = 'targets:\n  shop: { client_id: a }\n  __proto__: { client_id: b }\n';
    expect(problems(text)).toContain(`${FILE}:3: "__proto__" cannot be a key: choose another name`);
  });

  it('keeps targets named constructor and toString, with defaults and params merged', () => {
    const config = parseConfig(
      'defaults: { params: { store: Main } }\ntargets:\n  constructor: { client_id: a }\n  toString: { client_id: b, params: { valueOf: x } }\n',
      FILE,
      {},
    );
    expect(Object.keys(config.targets)).toEqual(['constructor', 'toString']);
    expect(config.targets.constructor).toMatchObject({ client_id: 'a', params: { store: 'Main' } });
    const toString: string = 'toString';
    expect(config.targets[toString]?.params).toEqual({ store: 'Main', valueOf: 'x' });
    expect(config.targets.hasOwnProperty).toBeUndefined();
  });

  it('takes ${constructor} as an unset environment variable', () => {
    expect(problems("targets:\n  shop: { client_id: '${constructor}' }\n")).toContain(
      `${FILE}:2: the environment variable constructor is not set`,
    );
  });
});

describe('repeated keys', () => {
  it('names each repeated key at its line, in the targets and inside a target', () => {
    const text = [
      'targets:',
      '  shop-a:',
      '    mapping: m.yaml',
      '  shop-b:',
      '    mapping: m.yaml',
      '    mapping: other.yaml',
      '  shop-a:',
      '    mapping: m.yaml',
    ].join('\n');
    expect(problems(text)).toBe(
      `invalid config file\n${FILE}:6: Map keys must be unique\n${FILE}:7: Map keys must be unique`,
    );
  });

  it('takes a config of many targets, each named once', () => {
    const lines = ['targets:'];
    for (let i = 0; i < 3_000; i++) lines.push(`  shop-${i}:`, `    mapping: m.yaml`);
    expect(Object.keys(parseConfig(lines.join('\n'), FILE, {}).targets)).toHaveLength(3_000);
  });
});
