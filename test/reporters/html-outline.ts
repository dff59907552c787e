/**
 * report.html as a reviewer would skim its source: an indented outline of the markup, each element
 * with its attributes and its own text, the inline scripts and styles named (not their bytes: uPlot's
 * are a dependency's, ours the client/ sources'), and each JSON block by its shape: the index's
 * trials one a line; and each timeline file (a trial's detail) by what its timeline would show. Throws on a tag closed out
 * of order, so the snapshot also proves the markup well formed.
 */

const VOID = new Set(['meta', 'link', 'br', 'input', 'img', 'hr']);

interface El {
  tag: string;
  attrs: string;
  kids: (El | string)[];
}

type Detail = {
  id: string;
  header: { seat: string; gateSet: string } | null;
  rows: { k: string }[];
  theory: unknown;
  truth: unknown;
  verdict: { headline: string; reasons: string[] };
  problem?: string;
};
type Index = { index: { id: string; kind: string; verdict: string; honesty: string[] }[] };

function blockLines(id: string, json: string): string[] {
  const v = JSON.parse(json);
  if (id === 'rematch-index') {
    const { index, ...rest } = v as Index;
    return [
      `index block: ${JSON.stringify(rest)}`,
      ...index.map(
        (t) => `  ${t.id} (${t.kind}) ${t.verdict}${t.honesty.length ? ` ${t.honesty.join(',')}` : ''}`,
      ),
    ];
  }
  const d = v as Detail;
  const kinds = new Map<string, number>();
  for (const r of d.rows) kinds.set(r.k, (kinds.get(r.k) ?? 0) + 1);
  const rows = [...kinds].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
  return [
    `detail ${id}: ${d.id}`,
    `  ${d.verdict.headline}${d.verdict.reasons.length ? ` | ${d.verdict.reasons.join(' | ')}` : ''}`,
    `  rows ${rows}; theory ${d.theory ? 'yes' : 'no'}; truth ${d.truth ? 'yes' : 'no'}${d.problem ? `; problem: ${d.problem}` : ''}`,
  ];
}

/** report.html's timeline files (timelines.ts) as the outline shows a detail: one entry per file. */
export function timelinesOutline(files: { name: string; text: string }[]): string {
  const lines = files.flatMap((f) => {
    const m = /^rematchTrial\((\d+),(.*)\);\n$/s.exec(f.text);
    if (!m || `${m[1]}.js` !== f.name) throw new Error(`timeline ${f.name}: not rematchTrial(${f.name})`);
    return blockLines(`file ${f.name}`, m[2]);
  });
  return `${lines.join('\n')}\n`;
}

/** `inline` names each inline script and style body the page may hold; any other body throws. */
export function htmlOutline(html: string, inline: Map<string, string>): string {
  const root: El = { tag: '#document', attrs: '', kids: [] };
  const stack = [root];
  const top = () => stack[stack.length - 1];
  const token =
    /<script type="application\/json" id="([^"]+)">([^<]*)<\/script>|<(script|style)>([\s\S]*?)<\/\3>|<!doctype html>|<(\/?)([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>|([^<]+)/gy;
  let at = 0;
  for (const m of html.matchAll(token)) {
    if (m.index !== at)
      throw new Error(`report.html: cannot read markup at ${at}: ${html.slice(at, at + 40)}`);
    at = m.index + m[0].length;
    const [, blockId, json, rawTag, body, close, tag, attrs, text] = m;
    if (blockId) top().kids.push(...blockLines(blockId, json).map((l) => `§${l}`));
    else if (rawTag) {
      const name = inline.get(body);
      if (!name) throw new Error(`report.html: an inline ${rawTag} of no known asset: ${body.slice(0, 60)}`);
      top().kids.push({ tag: `${rawTag}: ${name}`, attrs: '', kids: [] });
    } else if (text !== undefined) {
      if (text.trim()) top().kids.push(text.trim());
    } else if (close) {
      const open = stack.pop();
      if (open?.tag !== tag) throw new Error(`report.html: </${tag}> closes <${open?.tag}>`);
    } else if (tag) {
      const el: El = { tag, attrs: attrs.trim(), kids: [] };
      top().kids.push(el);
      if (!VOID.has(tag)) stack.push(el);
    }
  }
  if (at !== html.length) throw new Error(`report.html: cannot read markup at ${at}`);
  if (stack.length !== 1) throw new Error(`report.html: <${top().tag}> is never closed`);
  const lines: string[] = [];
  const print = (e: El, depth: number) => {
    const pad = '  '.repeat(depth);
    const head = `${pad}${e.tag}${e.attrs ? ` ${e.attrs}` : ''}`;
    if (e.kids.length === 1 && typeof e.kids[0] === 'string' && !e.kids[0].startsWith('§')) {
      lines.push(`${head} | ${e.kids[0]}`);
      return;
    }
    lines.push(head);
    for (const k of e.kids) {
      if (typeof k !== 'string') print(k, depth + 1);
      else lines.push(`${pad}  ${k.startsWith('§') ? k.slice(1) : `| ${k}`}`);
    }
  };
  for (const k of root.kids) if (typeof k !== 'string') print(k, 0);
  return `${lines.join('\n')}\n`;
}
