/** The public API of rematch. The CLI and the tests call these; nothing else is promised. */
export * from './errors.js';
