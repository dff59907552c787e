/** Command seats (DESIGN §10): the user's own agent as a seat. */
export { agentEnv } from './env.js';
export { type CommandTrialResult, runCommandSeat } from './run.js';
export { killAllAgents } from './spawn.js';
export type { AgentEndpoints, CommandTrial, ServedCall, StartAgentServer } from './types.js';
