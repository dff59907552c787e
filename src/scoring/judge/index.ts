/**
 * The optional LLM judge beside the rule-based scores: what it is shown of a trial, and how often
 * it agrees.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export { judgeSummary } from './agreement.js';
export { JUDGE_SYSTEM, judgePrompt } from './prompt.js';
