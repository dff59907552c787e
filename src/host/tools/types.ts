/**
 * One tool = name, description, JSON-Schema parameters, class, and an implementation that returns
 * the TRUE typed observation plus the raw wire body. What the agent is finally shown is decided
 * by the host and the failureClass gate, not by the tool.
 */
import type { Api, Backend } from '../../backend/api.js';
import type { ToolCatalog } from '../../backend/catalog.js';
import type { Clock } from '../../clock.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Selection, ToolClass } from '../../formats/run/index.js';
import type { Source } from '../../formats/vocabulary.js';
import type { Classified } from '../../protocol/classify.js';
import type { ToolName } from '../../protocol/tools.js';

export type { Source };

/** Per-session state that context tools read and write (shared across a reactree). */
export interface Scratch {
  notes: string[];
  memory: string[];
}

export interface ToolContext {
  golden: Golden;
  backend: Backend;
  clock: Clock;
  scratch: Scratch;
  /** The host's call id (`c7`), passed to the backend as the query-log origin. */
  callId: string;
  /** Names of the tools offered in this session (search_tools searches these). */
  catalog: readonly { name: string; description: string }[];
  /** The backend's tool catalog under a `stale-tools` fault (backend/catalog.ts): what a refresh re-reads. */
  toolCatalog?: ToolCatalog;
  signal?: AbortSignal;
}

/** What a tool produced: the true classification and, for backend tools, the wire answer. */
export interface ToolOutput extends Classified {
  /** The raw wire body (JSON value or text) for backend tools; undefined for host-side tools. */
  wire?: unknown;
  api?: Api;
  httpStatus?: number;
  queueMs?: number;
  fault?: string;
  /** Which selectors of the query read data, when an engine answered it (docs/trace.md#selection). */
  selection?: Selection;
  /** Kept only `truncated` of the result in `data` (bounded prompts). */
  truncated?: boolean;
  /**
   * What the typed classifier made of a body that lies (the `untyped-200` fault): the outcome above
   * is the truth, this is what the failureClass gate can show (it does not know the shape).
   */
  typed?: Pick<Classified, 'outcome' | 'n' | 'data'>;
  /** The catalog version that served the call and whether its tool was stale (`stale-tools` fault). */
  catalog?: { version: number; stale: boolean };
}

export interface ToolDef {
  name: ToolName;
  description: string;
  parameters: Record<string, unknown>;
  class: ToolClass;
  /** Which telemetry a call reads, from its args (live/discovery tools). */
  source?(args: unknown): Source | undefined;
  /** The query string of a call, when the tool has one. */
  query?(args: unknown): string | undefined;
  run(args: unknown, ctx: ToolContext): Promise<ToolOutput>;
}
