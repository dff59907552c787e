/**
 * The one glob matcher for ids and names (`checkout-*`, `sim-?-react`): the command-line resolver
 * (commands/resolve.ts) and the config's `assert:` selections (scoring/assert/assertions.ts) both use it,
 * so a glob means the same thing wherever it is written. Only `*` and `?` are special.
 */

export const GLOB = /[*?]/;

/** `checkout-*` → /^checkout-.*$/: everything but `*` and `?` is literal. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** Whether `name` is `pattern` (a plain name) or matches it (a glob). */
export function matchesName(pattern: string, name: string): boolean {
  return GLOB.test(pattern) ? globToRegExp(pattern).test(name) : pattern === name;
}
