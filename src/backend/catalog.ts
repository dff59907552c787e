/**
 * The tool catalog of a backend under a `stale-tools` fault (docs/faults.md): a version number and
 * whether the tools it lists are the stale ones (version 1: the tools of a broken upstream image)
 * or the working ones (version 2 on). It refreshes on request (`search_tools` with `refresh: true`,
 * an MCP client's `tools/list` after `notifications/tools/list_changed`), when `refreshAfter` has
 * passed on the trial's clock since the catalog was made, or once `refreshAfterCalls` calls were
 * answered stale. The fault layer asks it per call; the host and the MCP server refresh it and
 * read its version. A golden without the fault has no catalog: nothing in its traces changes.
 */
import type { Clock } from '../clock.js';
import type { FaultSpec } from '../formats/golden/index.js';
import { parseDuration } from '../formats/time.js';

export type RefreshCause = 'request' | 'time' | 'calls';

/** What one call was served by: recorded on its trace result (docs/trace.md). */
export interface CatalogState {
  version: number;
  stale: boolean;
}

type StaleTools = Extract<FaultSpec, { kind: 'stale-tools' }>;

export class ToolCatalog {
  private current = 1;
  private staleNow = true;
  private staleCalls = 0;
  private readonly since: number;
  private readonly afterMs?: number;
  private readonly listeners = new Set<(s: CatalogState, cause: RefreshCause) => void>();
  /** Every refresh that changed the catalog, in order (tests and the MCP server read it). */
  readonly refreshes: { cause: RefreshCause; atMs: number; version: number }[] = [];

  constructor(
    readonly fault: StaleTools,
    private readonly clock: Clock,
  ) {
    this.since = clock.now();
    if (fault.refreshAfter !== undefined) this.afterMs = parseDuration(fault.refreshAfter) ?? undefined;
  }

  /** The state now; a `refreshAfter` that has passed refreshes first. */
  state(): CatalogState {
    if (this.staleNow && this.afterMs !== undefined && this.clock.now() - this.since >= this.afterMs)
      this.refresh('time');
    return { version: this.current, stale: this.staleNow };
  }

  /** Clock ms until `refreshAfter` refreshes a stale catalog (0 when due); undefined without one, or once fresh. */
  dueInMs(): number | undefined {
    if (!this.staleNow || this.afterMs === undefined) return undefined;
    return Math.max(0, this.since + this.afterMs - this.clock.now());
  }

  /**
   * Re-reads the catalog. A stale one becomes the working one (the version moves on); a working
   * one stays as it is. Returns whether anything changed.
   */
  refresh(cause: RefreshCause = 'request'): boolean {
    if (!this.staleNow) return false;
    this.staleNow = false;
    this.current += 1;
    this.refreshes.push({ cause, atMs: this.clock.now() - this.since, version: this.current });
    const s = { version: this.current, stale: false };
    for (const l of this.listeners) l(s, cause);
    return true;
  }

  /** A call answered by a stale tool: counts toward `refreshAfterCalls` (the answer stays stale). */
  answeredStale(): void {
    this.staleCalls += 1;
    const n = this.fault.refreshAfterCalls;
    if (n !== undefined && this.staleCalls >= n) this.refresh('calls');
  }

  /** Called on every change (the MCP server sends `notifications/tools/list_changed`); returns an unsubscribe. */
  onChange(l: (s: CatalogState, cause: RefreshCause) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

/** The catalog a golden's faults call for: one when it has a `stale-tools` fault, else none. */
export function catalogFor(faults: readonly FaultSpec[], clock: Clock): ToolCatalog | undefined {
  const f = faults.find((x): x is StaleTools => x.kind === 'stale-tools');
  return f ? new ToolCatalog(f, clock) : undefined;
}
