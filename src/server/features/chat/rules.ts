import type { ChatRules } from '../../../protocol/chat';
import type { GameVarDefinition } from '../../capability';
import { ttlCache } from '../../shared/ttlCache';
import { gameVarValue, intGameVar, listGameVars } from '../gamevars/index';
import type { ChatDb } from './tables';

/** The chat limits operators tune with `gamevars set` (docs/decisions/0108-chat-limits.md has the defaults). */
export const CHAT_VARS = {
  maxLength: {
    ...intGameVar('iChatMaxLength', 1000, 1, 4000),
    description: 'The longest chat message, in characters.',
  },
  burst: {
    ...intGameVar('iChatBurst', 5, 1, 100),
    description: 'The per-member rate limit: this many messages at once…',
  },
  refillMs: {
    ...intGameVar('iChatRefillMs', 2000, 0, 3_600_000),
    description: '…then one more per this many milliseconds.',
  },
  editWindowMs: {
    ...intGameVar('iChatEditWindowMs', 5 * 60_000, 0, 24 * 3_600_000),
    description: 'How long after sending a member may edit or delete a message, in milliseconds.',
  },
  autoSlowThreshold: {
    ...intGameVar('iChatAutoSlowThreshold', 30, 0, 100_000),
    description: 'Messages within 10 s in one channel that turn its automatic slow mode on (0: never).',
  },
  autoSlowMs: {
    ...intGameVar('iChatAutoSlowMs', 5000, 0, 600_000),
    description: 'The cooldown between one member’s messages while automatic slow mode is on, in milliseconds.',
  },
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
