/** The capture window cut into chunks: [from, to] pieces covering [start, end] with no gap. */
export function chunkEnds(start: number, end: number, chunkMs: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let from = start; from <= end; from += chunkMs)
    out.push({ from, to: Math.min(end, from + chunkMs - 1) });
  return out;
}
