/** What `bench capture` is asked for, already parsed and checked (commands/capture/index.ts builds it). */
export interface Auth {
  /** `Authorization` header value; a secret, masked in every message. */
  header?: string;
}

export interface MeasureSpec {
  id: string;
  source: 'metrics' | 'logs';
  query: string;
}

export interface RedactRules {
  /** Mask label values and line fragments shaped like credentials (errors.ts's patterns). */
  secrets: boolean;
  dropLabels: string[];
  hashLabels: string[];
  lineRegexes: RegExp[];
}

export interface Caps {
  series: number;
  samples: number;
  lines: number;
}

/** Each request's bounds (docs/capture.md, Flags): past one the capture ends with exit 2. */
export interface NetLimits {
  /** Until the connection is up (TLS included). */
  connectMs: number;
  /** From connected until the answer's status line. */
  firstByteMs: number;
  /** The whole request, body included: a server that trickles ends here. */
  totalMs: number;
  /** The body's bytes, on the wire and again as they inflate (a gzip bomb). */
  maxBytes: number;
}

export interface CaptureOptions {
  prometheus?: string;
  loki?: string;
  auth: Auth;
  net: NetLimits;
  /** Epoch ms; the window is [start, end], `now` the golden's investigation instant. */
  start: number;
  end: number;
  now: number;
  chunkMs: number;
  pageLimit: number;
  metricSelectors: string[];
  logSelectors: string[];
  alert?: string;
  measures: MeasureSpec[];
  redact: RedactRules;
  caps: Caps;
  id: string;
  out: string;
  /** Replace a golden already at `out` (without it, one there is refused). */
  force: boolean;
  /** Samples and lines inline in golden.yaml rather than in data files beside it. */
  inline: boolean;
}

/** Progress of the capture's requests: the CLI shows a bar on a TTY. */
export interface CaptureProgress {
  /** The requests known ahead: one a selector and chunk (log pages past the first add to it). */
  plan(total: number): void;
  /** One request about to be sent (the total is not known ahead: log pages are open-ended). */
  tick(label: string): void;
  stop(): void;
}

export interface CapturedSeries {
  labels: Record<string, string>;
  /** Ascending, deduplicated. */
  samples: [number, number][];
}

export interface CapturedStream {
  labels: Record<string, string>;
  /** Ascending by time; [epoch ms, line]. Nanosecond order kept in `ns`; structured metadata when any. */
  entries: { ns: bigint; line: string; metadata?: Record<string, string> }[];
}
