/** The redactor is shared by every module (src/errors.ts); re-exported for the adapters. */
export { redact } from '../../errors.js';
