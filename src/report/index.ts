export * from './types.js';
export * from './outcome.js';
export { renderTerminal, type TerminalOptions } from './terminal.js';
export { renderMarkdown, prepareMarkdown, escapeMarkdown } from './markdown.js';
export { renderHtml, prepareHtml, escapeHtml } from './html.js';
export { renderJson, compactJsonPieces } from './json.js';
