import type { ChatRules } from '../../../protocol/chat';
import type { GameVarDefinition } from '../../capability';
import { ttlCache } from '../../shared/ttlCache';
import { gameVarValue, intGameVar, listGameVars } from '../gamevars/index';
import type { ChatDb } from './tables';

/** The chat limits operators tune with `gamevars set` (docs/decisions/0108-chat-limits.md has the defaults). */
export const CHAT_VARS = {
  maxLength: intGameVar('iChatMaxLength', 1000, 1, 4000),
  /** The per-member rate limit: this many messages at once… */
  burst: intGameVar('iChatBurst', 5, 1, 100),
  /** …then one more per this many milliseconds. */
  refillMs: intGameVar('iChatRefillMs', 2000, 0, 3_600_000),
  editWindowMs: intGameVar('iChatEditWindowMs', 5 * 60_000, 0, 24 * 3_600_000),
  /** Messages within 10 s in one channel that turn its automatic slow mode on (0: never). */
  autoSlowThreshold: intGameVar('iChatAutoSlowThreshold', 30, 0, 100_000),
  /** The cooldown between one member's messages while automatic slow mode is on. */
  autoSlowMs: intGameVar('iChatAutoSlowMs', 5000, 0, 600_000),
} satisfies Record<string, GameVarDefinition>;

export interface ChatLimits {
  maxLength: number;
  burst: number;
  refillMs: number;
  editWindowMs: number;
  autoSlowThreshold: number;
  autoSlowMs: number;
}

export const rulesOf = (limits: ChatLimits): ChatRules => ({
  iMaxLength: limits.maxLength,
  iEditWindowMs: limits.editWindowMs,
});

/** The current limits, read through a cache as short-lived as the settings cache (another instance's change shows soon). */
export function chatLimitsReader(db: ChatDb, ttlMs: number): () => Promise<ChatLimits> {
  const cache = ttlCache(async () => {
    const entries = await listGameVars(db);
    const value = (definition: GameVarDefinition) => gameVarValue<number>(entries, definition);
    return {
      maxLength: value(CHAT_VARS.maxLength),
      burst: value(CHAT_VARS.burst),
      refillMs: value(CHAT_VARS.refillMs),
      editWindowMs: value(CHAT_VARS.editWindowMs),
      autoSlowThreshold: value(CHAT_VARS.autoSlowThreshold),
      autoSlowMs: value(CHAT_VARS.autoSlowMs),
    };
  }, ttlMs);
  return () => cache.get();
}
