/**
 * report.html's script, part 1: building elements and formatting numbers. Every value from the
 * run goes into the page through textContent or an attribute, never innerHTML.
 */

/** An attribute, `text` (the text content), `cls` (the class) or `on<event>` (a listener). */
type Attrs = Record<string, string | number | ((e: Event) => void)>;
type Kid = Node | string | number | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  kids?: Kid[],
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (attrs)
    for (const k in attrs) {
      const v = attrs[k];
      if (k === 'text') e.textContent = String(v);
      else if (k === 'cls') e.className = String(v);
      else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, String(v));
    }
  for (const c of kids ?? []) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

function secs(ms: number): string {
  return ms >= 100000 ? `${Math.round(ms / 1000)}s` : `${(ms / 1000).toFixed(1)}s`;
}

function f2(x: number): string {
  return (Math.round(x * 100) / 100).toFixed(2);
}

/** The distinct values in first-seen order. */
function uniq<T>(xs: T[]): T[] {
  const s: T[] = [];
  for (const x of xs) if (!s.includes(x)) s.push(x);
  return s;
}
