/**
 * The `reference` sim: each golden's honest ceiling, its questions and windows derived from the
 * golden's truth and faults, its Theory every value as observed.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { reference } from './policy.js';
