/** Real model seats through the AI SDK (issue: real model seats). */

export type { TurnCacheOptions } from './cache.js';
export { CachingModel } from './cache.js';
export { createProviderSetup, isRealProvider, type RealProvider } from './factory.js';
export { askJudge, type JudgeAnswer, type JudgeRequest, judgeId } from './judge.js';
export { estimateInputTokens, LimitedModel } from './limited-model.js';
export { type Grant, Limiter, type Used } from './limiter.js';
export { RateLimiters } from './limiters.js';
export { type AiModelOptions, AiSdkModel, costUsd } from './model.js';
export { redact } from './redact.js';
export { backoffMs, retryAfterMs } from './retry.js';
