/**
 * YAML with positions: the parsed Document is kept beside the data so that any issue path (from zod
 * or from a rule) can be mapped back to `file:line:col`. A missing key points at its parent map; an
 * unknown key points at the key itself.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { InputIssue } from '../../errors.js';
import { LIMITS, overCap } from '../limits.js';
import { aliasBombAt } from './yaml-aliases.js';

export type IssuePath = readonly PropertyKey[];

export interface Position {
  line: number;
  col: number;
}

/** Something that can say where a path lives in its file. */
export interface Locator {
  file: string;
  locate(path: IssuePath, opts?: { key?: boolean }): Position | undefined;
}

export interface YamlSource extends Locator {
  data: unknown;
  /** YAML syntax errors (with positions); when non-empty, `data` is not trustworthy. */
  syntax: InputIssue[];
}

/**
 * `maxBytes` guards documents a user wrote (goldens, seats, configs); JSON read again only to
 * place an issue passes Infinity, its size having been checked when it was read.
 */
export function parseYamlSource(file: string, text: string, maxBytes: number = LIMITS.yamlBytes): YamlSource {
  if (text.length > maxBytes) {
    const message = `YAML document too large: ${overCap('bytes', Buffer.byteLength(text), maxBytes)}`;
    return {
      file,
      data: undefined,
      syntax: [{ file, line: 1, col: 1, message, severity: 'error' }],
      locate: () => undefined,
    };
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  const syntax: InputIssue[] = doc.errors.map((e) => {
    const at = e.linePos?.[0] ?? lines.linePos(e.pos[0]);
    return {
      file,
      line: at.line,
      col: at.col,
      message: `YAML syntax error: ${firstLine(e.message)}`,
      severity: 'error',
    };
  });
  let data: unknown;
  if (!syntax.length) {
    try {
      data = doc.toJS({ maxAliasCount: LIMITS.yamlAliases });
    } catch (e) {
      // The yaml package throws a ReferenceError when aliases expand past maxAliasCount (an alias
      // bomb) or name no anchor; either is the file's fault, placed at the alias that did it.
      const at = lines.linePos(aliasBombAt(doc) ?? 0);
      const why = /Excessive alias count/.test((e as Error).message)
        ? `aliases expand past the cap of ${LIMITS.yamlAliases} (docs/formats.md#limits)`
        : firstLine((e as Error).message);
      syntax.push({ file, line: at.line, col: at.col, message: `YAML: ${why}`, severity: 'error' });
    }
  }
  return {
    file,
    data,
    syntax,
    locate(path, opts) {
      const off = offsetOf(doc.contents, path, opts?.key ?? false);
      return off === undefined ? undefined : lines.linePos(off);
    },
  };
}

function firstLine(msg: string): string {
  return msg.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * Offset of the deepest node on `path`. With `key`, the last segment names a map key and the key's
 * own position is returned (used for unrecognized keys).
 */
function offsetOf(root: unknown, path: IssuePath, key: boolean): number | undefined {
  let node = root as Node | null | undefined;
  let best = startOf(node);
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) return best;
      if (last && key) return startOf(pair.key as Node) ?? best;
      node = pair.value as Node | null;
      // `key:` with no value has no value node: the key is the closest position.
      best = startOf(node) ?? startOf(pair.key as Node) ?? best;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined;
      if (!item) return best;
      node = item;
      best = startOf(node) ?? best;
    } else {
      return best;
    }
  }
  return best;
}

function startOf(node: Node | null | undefined): number | undefined {
  return node && typeof node === 'object' && 'range' in node && node.range ? node.range[0] : undefined;
}
