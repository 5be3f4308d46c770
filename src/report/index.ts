export * from './types.js';
export { renderTerminal, type TerminalOptions } from './terminal.js';
export { renderMarkdown, escapeMarkdown } from './markdown.js';
export { renderHtml, escapeHtml } from './html.js';
export { renderJson } from './json.js';
