import { describe, expect, it } from 'vitest';
import { stateSpec } from '../../src/cli/commands/state-options.js';

describe('which state a command uses', () => {
  const env = { MENUSYNC_STATE: 'postgres://ops@db:5432/menus' };
  it.each([
    ['--state first', ['/srv/state', 'postgres://cfg@db/x', env], '/srv/state'],
    ["then the config's state:", [undefined, 'postgres://cfg@db/x', env], 'postgres://cfg@db/x'],
    ['then MENUSYNC_STATE', [undefined, undefined, env], 'postgres://ops@db:5432/menus'],
    ['else the .menusync folder', [undefined, undefined, {}], '.menusync'],
  ] as const)('%s', (_rule, [option, configured, vars], want) => {
    expect(stateSpec(option, configured, vars)).toBe(want);
  });
});
