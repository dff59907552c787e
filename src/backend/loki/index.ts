/**
 * Loki's v1 query API over the embedded LogQL engine, in Loki's own wire format (JSON success,
 * plain-text errors).
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { handleLoki } from './handlers.js';
export { lokiJson, lokiStatusOf, lokiText, TEXT_TYPE } from './wire.js';
