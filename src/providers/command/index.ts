/** Command seats (DESIGN §10): the user's own agent as a seat. */
export { type CommandTrialResult, runCommandSeat } from './run.js';
export type { AgentEndpoints, CommandTrial, ServedCall, StartAgentServer } from './types.js';
