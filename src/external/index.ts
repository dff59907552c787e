/**
 * Command seats (DESIGN §10): the user's own agent as a seat. A second host beside host/: the
 * agent is the user's process, and its trace is rebuilt from the backend's query log. It meets
 * the hosted side only in protocol/ (tool names, classifier, fingerprints, trace header, prompt).
 */
export { agentEnv } from './env.js';
export { type CommandTrialResult, runCommandSeat } from './run.js';
export { chooseSandbox, type SandboxChoice, type SandboxKind, sandboxNotice } from './sandbox.js';
export { killAllAgents } from './spawn.js';
export type { AgentEndpoints, CommandTrial, ServedCall, StartAgentServer } from './types.js';
