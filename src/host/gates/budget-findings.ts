/**
 * budgetFindings: when a budget runs out, the agent gets one final turn with only submit_theory
 * allowed; without a Theory the host assembles partial findings from the trace. Off, a spent
 * budget simply stops the session with no Theory.
 */
import { HOST_MARK } from '../../protocol/markers.js';
import type { GateFactory } from './types.js';

export const budgetFindings: GateFactory = () => ({
  onBudget(exceeded) {
    return {
      decision: 'halt',
      reason: `budget spent: ${exceeded}`,
      message:
        `${HOST_MARK.budget} The ${exceeded} budget is spent. Submit your Theory now with submit_theory: ` +
        'report what you measured with its call ids, and mark every part you could not finish undetermined ' +
        'with its gaps named.',
    };
  },
});
