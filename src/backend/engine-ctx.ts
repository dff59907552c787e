/** What the engine handlers of both APIs read: the golden (its alert, metadata), the world, its "now". */
import type { Golden } from '../formats/golden/index.js';
import type { World } from '../world/types.js';

export interface EngineCtx {
  golden: Golden | undefined;
  /** The world as served: its series plus the alerting rule's ALERTS series (alert-series.ts). */
  world: World;
  /** The world's "now" in ms: default evaluation time. */
  nowMs: number;
}
