/**
 * The documented caps on input (docs/formats.md, "Limits"). Each one stands between a typo or a
 * hostile file and a crash that no error boundary can catch: V8 aborts the process on an array
 * or string it cannot size, and a heap that fills dies without a message. Every cap is checked
 * BEFORE the memory is allocated, and crossing one is an `InputError` (exit 2) naming the field
 * and the cap. The figures leave one to two orders of magnitude above the largest shipped golden
 * (75,211 log lines, 186,720 samples, 389 series over 2 hours).
 */

export const LIMITS = {
  /** time.end − time.start of a golden. */
  windowMs: 31 * 86_400_000,
  /** Slots of one series: a generator's scrapes over the window, or one `load` line's values. */
  seriesSlots: 1_000_000,
  /** Series a world may hold (label matrices multiply; a histogram adds a series per bucket). */
  series: 100_000,
  /** Samples a world may hold, summed over its series. */
  samples: 5_000_000,
  /** Log lines a world may hold: literal lines plus the expected count of generated ones. */
  logLines: 1_000_000,
  /** Repetitions of one golden × seat × gate set (config `repetitions`, `--reps`). */
  repetitions: 1_000,
  /** Trials one plan may hold (goldens × seats × gate sets × repetitions). */
  trials: 100_000,
  /** Trials in flight at once (config `concurrency`, `--concurrency`). */
  concurrency: 256,
  /** Worker threads for sim trials (config `workers`, `--workers`). */
  workers: 64,
  /** Alias expansions of one YAML document (the `yaml` package's maxAliasCount). */
  yamlAliases: 1_000,
  /** Bytes of one YAML document (goldens, seats, configs). */
  yamlBytes: 4 * 1024 * 1024,
  /** Bytes of any one file read as input (traces, Theories, scorecards, journals). */
  fileBytes: 256 * 1024 * 1024,
  /** Seconds of a seat's time budget: Node's timers cannot wait longer than 2^31−1 ms. */
  seconds: 2_147_483,
} as const;

/** "1,000,000" — caps print with separators so a reader sees the magnitude at a glance. */
export function formatCap(n: number): string {
  return n.toLocaleString('en-US');
}

/** The message for a value past a cap, e.g. `1.2e9 log lines exceeds the cap of 1,000,000`. */
export function overCap(what: string, value: number, cap: number): string {
  const v = Number.isFinite(value) && value < 1e15 ? formatCap(Math.ceil(value)) : value.toExponential(2);
  return `${v} ${what}, over the cap of ${formatCap(cap)} (docs/formats.md#limits)`;
}

/** `a window of 36525d exceeds the cap of 31d`: days, because that is how such windows are thought of. */
export function windowMessage(ms: number): string {
  const days = (x: number) => `${Number((x / 86_400_000).toFixed(2))}d`;
  return `a window of ${days(ms)} is over the cap of ${days(LIMITS.windowMs)} (docs/formats.md#limits)`;
}
