// The AI map chat (module `ai`):
//   GET    /api/ai/status    which engine answers (model name or the built-in intents), the rate limit
//   GET    /api/ai/messages  the signed-in user's chat history (UI messages, oldest first)
//   DELETE /api/ai/messages  forget it
//   POST   /api/ai/chat      { message, context } → the answer as a UI message stream (SSE)
// Chat needs a signed-in user (history is per user) and is rate-limited per user.
import { randomUUID } from 'node:crypto';
import { chatRequest, type ChatStatus } from '@waymark/contracts/ai';
import type { UIMessage } from 'ai';
import path from 'node:path';
import type { AppContext, ServerModule } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { EngineRegistry, packsDir } from '../planner/index.ts';
import { RegionStore, regionsDir } from '../regions/index.ts';
import { intentTurn, lastRouteIn, modelTurn } from './chat.ts';
import { clearHistory, loadHistory, saveMessages } from './history.ts';
import { claimChatRequest } from './rate.ts';
import { createToolExecutor, type ToolExecutor, type ToolRunContext } from './tools.ts';

export function createAiModule(): ServerModule {
  let executor: ToolExecutor;
  let engines: EngineRegistry;
  let ctxRef: AppContext;

  const status = (): ChatStatus => ({
    mode: ctxRef.config.llm ? 'model' : 'intents',
    model: ctxRef.config.llm?.model ?? null,
    rateLimitPerMinute: ctxRef.config.LLM_RATE_PER_MINUTE,
  });

  return {
    name: 'ai',
    migrations: { dir: path.join(import.meta.dirname, 'migrations') },
    init(ctx) {
      ctxRef = ctx;
      engines = new EngineRegistry();
      engines.dir = packsDir(ctx.config);
      executor = createToolExecutor({ regions: new RegionStore(regionsDir(ctx.config)), engines });
    },
    register(app, ctx) {
      app.get('/api/ai/status', (c) => c.json(status(), 200, { 'Cache-Control': 'no-cache' }));

      app.get('/api/ai/messages', async (c) => {
        const user = requireUser(c);
        return c.json({ messages: await loadHistory(ctx.db, user.id) }, 200, { 'Cache-Control': 'no-store' });
      });

      app.delete('/api/ai/messages', async (c) => {
        const user = requireUser(c);
        await clearHistory(ctx.db, user.id);
        return c.body(null, 204);
      });

      app.post('/api/ai/chat', async (c) => {
        const user = requireUser(c);
        const body = parseOr400(chatRequest, await readJson(c), 'chat request');
        const wait = await claimChatRequest(ctx.db, user.id, ctx.config.LLM_RATE_PER_MINUTE);
        if (wait > 0) {
          throw new HttpError(
            429,
            'rate_limited',
            `Too many chat requests: try again in ${wait} s (at most ${ctx.config.LLM_RATE_PER_MINUTE} per minute).`,
            { retryAfter: wait },
            { 'Retry-After': String(wait) },
          );
        }

        const history = await loadHistory(ctx.db, user.id);
        const userMessage: UIMessage = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: body.message }] };
        const runCtx: ToolRunContext = { ...body.context };
        const last = lastRouteIn(history);
        if (last) runCtx.lastRoute = last;
        const unit = body.context.unit ?? 'km';
        const onFinish = async (messages: UIMessage[]) => {
          try {
            await saveMessages(ctx.db, user.id, messages);
          } catch (err) {
            ctx.logger.error({ err }, 'ai: could not save the chat history');
          }
        };
        const input = { userMessage, history, ctx: runCtx, unit, signal: c.req.raw.signal, onFinish };
        return ctx.config.llm ? modelTurn(ctx.config.llm, executor, input, ctx.logger) : intentTurn(executor, input);
      });
    },
    close() {
      engines?.clear();
    },
  };
}

export const aiModule = createAiModule();
