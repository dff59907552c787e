/**
 * Reads report.html's trial timelines as the page does: its index block names the render's folder,
 * each file there is `rematchTrial(i, {...});` (src/reporters/html/timelines.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The index block of a page, parsed as its script parses it. */
export function indexBlock(html: string): { index: { id: string }[]; timelines: string } {
  const m = /<script type="application\/json" id="rematch-index">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('report.html has no index block');
  return JSON.parse(m[1]);
}

/** One timeline file's trial number and detail; throws on anything else. */
export function parseTimeline(text: string): { i: number; detail: unknown } {
  const m = /^rematchTrial\((\d+),(.*)\);\n$/s.exec(text);
  if (!m) throw new Error(`not a timeline file: ${text.slice(0, 60)}`);
  return { i: Number(m[1]), detail: JSON.parse(m[2]) };
}

/** Every trial's detail, in index order, from the files beside the page in `dir`. */
export function timelineDetails<T = unknown>(dir: string, html: string): T[] {
  const { index, timelines } = indexBlock(html);
  return index.map((_, i) => {
    const file = join(dir, timelines, `${i}.js`);
    if (!existsSync(file)) throw new Error(`no timeline file ${timelines}${i}.js`);
    const t = parseTimeline(readFileSync(file, 'utf8'));
    if (t.i !== i) throw new Error(`${timelines}${i}.js calls rematchTrial(${t.i})`);
    return t.detail as T;
  });
}
