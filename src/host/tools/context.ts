/**
 * Context tools: they read the catalog, the golden's skills and the session's scratch state.
 * They never touch the backend, so they never count as live evidence (toolClasses gate).
 */
import {
  MemoryArgs,
  NotesArgs,
  SearchToolsArgs as SearchArgs,
  LoadSkillArgs as SkillArgs,
} from '../../protocol/tool-args.js';
import { TOOL } from '../../protocol/tools.js';
import { declared, parseArgs } from './args.js';
import { rejectArgs } from './call-backend.js';
import type { ToolContext, ToolDef, ToolOutput } from './types.js';

function ok(data: unknown, n: number): ToolOutput {
  return { outcome: n > 0 ? 'ok' : 'empty', n, data };
}

async function runSearch(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(SearchArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  // A refresh re-reads the backend's catalog first; without a stale-tools fault there is none to re-read.
  const refreshed = p.value.refresh === true && ctx.toolCatalog ? ctx.toolCatalog.refresh('request') : false;
  const state = ctx.toolCatalog?.state();
  const words = p.value.query.toLowerCase().split(/\W+/).filter(Boolean);
  const hit = (text: string) => words.some((w) => text.toLowerCase().includes(w));
  const hits = [
    ...ctx.catalog
      .filter((t) => hit(`${t.name} ${t.description}`))
      .map((t) => ({
        kind: 'tool',
        name: t.name,
        description: t.description,
        // The catalog never says its tools are stale: only the version moves when it is re-read.
        ...(state ? { catalogVersion: state.version } : {}),
      })),
    ...ctx.golden.skills
      .filter((s) => hit(`${s.name} ${s.description} ${s.text}`))
      .map((s) => ({ kind: 'skill', name: s.name, description: s.description })),
  ];
  if (p.value.refresh !== true) return ok(hits, hits.length);
  const out: ToolOutput = ok({ refreshed, catalogVersion: state?.version ?? 1, results: hits }, hits.length);
  if (state) out.catalog = state;
  return out;
}

async function runSkill(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(SkillArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const skill = ctx.golden.skills.find((s) => s.name === p.value.name);
  if (!skill) {
    const names = ctx.golden.skills.map((s) => s.name).join(', ') || 'none';
    return rejectArgs(`no skill named "${p.value.name}" (available: ${names})`);
  }
  return ok({ name: skill.name, text: skill.text }, 1);
}

async function runNotes(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(NotesArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  if (p.value.action === 'write') {
    if (!p.value.text) return rejectArgs('write needs text');
    ctx.scratch.notes.push(p.value.text);
    return ok({ written: true, count: ctx.scratch.notes.length }, 1);
  }
  return ok(ctx.scratch.notes, ctx.scratch.notes.length);
}

async function runMemory(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(MemoryArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  if (p.value.action === 'add') {
    if (!p.value.fact) return rejectArgs('add needs fact');
    ctx.scratch.memory.push(p.value.fact);
    return ok({ added: true, count: ctx.scratch.memory.length }, 1);
  }
  return ok(ctx.scratch.memory, ctx.scratch.memory.length);
}

export const searchTools: ToolDef = {
  ...declared(TOOL.searchTools),
  run: runSearch,
};
export const loadSkill: ToolDef = {
  ...declared(TOOL.loadSkill),
  run: runSkill,
};
export const notes: ToolDef = {
  ...declared(TOOL.notes),
  run: runNotes,
};
export const workingMemory: ToolDef = {
  ...declared(TOOL.memory),
  run: runMemory,
};
