/**
 * failureClass: the agent receives the classifier's typed envelope (outcome failed / rejected /
 * empty / error, with the error). Off, results pass as raw wire bodies (present.ts: rawView), and
 * every gate that reads observations sees only that untyped view.
 */
import { typedView } from '../present.js';
import type { GateFactory } from './types.js';

export const failureClass: GateFactory = () => ({
  present: (call, out) => typedView(call.id, out),
});
