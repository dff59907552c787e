/**
 * Where an alias bomb sits. The yaml package stops expanding at maxAliasCount but does not say
 * which alias broke it; the amplifying one is an alias of an anchor that itself holds aliases
 * (each level multiplies the one below), so that is the place an author must look.
 */
import { type Document, isAlias, type Node, visit } from 'yaml';

export function aliasBombAt(doc: Document): number | undefined {
  let first: number | undefined;
  let amplifying: number | undefined;
  visit(doc, {
    Alias(_key, alias) {
      const at = alias.range?.[0];
      first ??= at;
      const target = alias.resolve(doc) as Node | undefined;
      if (amplifying === undefined && target && holdsAlias(target)) amplifying = at;
    },
  });
  return amplifying ?? first;
}

function holdsAlias(node: Node): boolean {
  let found = false;
  visit(node, {
    Alias() {
      found = true;
      return visit.BREAK;
    },
  });
  return found || isAlias(node);
}
