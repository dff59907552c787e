/**
 * Markdown as GitHub shows it: rendered by a CommonMark + GFM renderer (marked, `gfm: true`), then
 * read back as text, the way a reviewer reads a comment. Tables as rows of cell texts; the page as
 * the lines a browser would show, with a collapsed `<details>` showing only its summary.
 */
import { marked } from 'marked';

export const renderGfm = (md: string): string => marked.parse(md, { gfm: true, async: false });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** An HTML fragment's text content: tags dropped, `<br>` a newline, entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, e: string) =>
      e.startsWith('#x')
        ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (ENTITIES[e] ?? m),
    );
}

/** Every table of the rendered markdown: its rows (the header first), each a list of cell texts. */
export function gfmTables(md: string): string[][][] {
  return [...renderGfm(md).matchAll(/<table>([\s\S]*?)<\/table>/g)].map(([, t]) =>
    [...t.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, tr]) =>
      [...tr.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => textOf(cell)),
    ),
  );
}

/** The rendered page as text lines (blank ones dropped); what a collapsed `<details>` holds is hidden. */
export function gfmLines(md: string): string[] {
  const html = renderGfm(md)
    .replace(/>\s+</g, '><')
    .replace(
      /<details>[\s\S]*?<\/details>/g,
      (d) => `<p>${/<summary>([\s\S]*?)<\/summary>/.exec(d)?.[1] ?? ''}</p>`,
    )
    .replace(/<\/t[hd]>/g, ' | ')
    .replace(/<\/(p|li|tr|h[1-6]|pre|blockquote|summary)>/g, '$&\n')
    .replace(/<(ul|ol|table|thead|tbody)>/g, '$&\n');
  return textOf(html)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}
