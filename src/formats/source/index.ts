/**
 * Text with positions: JSON and YAML parsed so that every issue names its file, line and column,
 * and the loading pipeline (parse → schema → rules) every file kind shares.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { Checked } from './check.js';
export { checkSchema, locateRules, throwIfErrors } from './check.js';
export { parseJsonSource } from './json.js';
export { parseYamlSource } from './yaml.js';
