/** Real model seats through the AI SDK (issue: real model seats). */
export { createProviderSetup, isRealProvider, type RealProvider } from './factory.js';
export { askJudge, type JudgeAnswer, type JudgeRequest, judgeId } from './judge.js';
export { type AiModelOptions, AiSdkModel, costUsd } from './model.js';
export { redact } from './redact.js';
