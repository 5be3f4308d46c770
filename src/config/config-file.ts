/** The config file's name, looked for in the current folder when --config is not given. */
export const CONFIG_FILE = 'menusync.config.yaml';
