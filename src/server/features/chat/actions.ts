import type { ChatHistoryAnswer, ChatItemAnswer, ChatMembersAnswer } from '../../../protocol/chat';
import { findChatMembersInput, getChatHistoryInput, getChatItemInput } from '../../../protocol/chat.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { SessionUser } from '../../capability';
import { type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
import { ownedCollectible } from '../collectibles/index';
import { usernamesOf, usernamesStartingWith } from '../identity/index';
import { getFlags } from '../maintenance/index';
import { historyPage } from './messages';
import type { ChatServices } from './services';
import type { ChatTables } from './tables';
import { itemCard, messageViews } from './views';

const defineAction = actionDefiner<ChatTables>();

const MEMBERS_SUGGESTED = 8;

/** Chat is for registered members while bChat is on: the refusal otherwise, or null. */
async function refusal(services: ChatServices, user: SessionUser): Promise<Refusal | null> {
  const { db } = services.ctx;
  if (!(await getFlags(db)).bChat) return fail(ErrorCode.FEATURE_OFF);
  if (!(await usernamesOf(db, [user.id])).has(user.id)) return fail(ErrorCode.NOT_REGISTERED);
  return null;
}

/** The chat actions (docs/product.md §14): history pages for scrolling back, mention suggestions, the Howl card. */
export function chatActions(services: ChatServices): ActionDef[] {
  return [
    defineAction({
      service: 'portal',
      name: 'getChatHistory',
      input: getChatHistoryInput,
      auth: 'member',
      async handler(input, { user }): Promise<ChatHistoryAnswer | Refusal> {
        const refused = await refusal(services, user);
        if (refused) return refused;
        if (!services.directory.get(input.sChannelID)) return fail(ErrorCode.CHAT_CHANNEL_CLOSED);
        const page = await historyPage(services.ctx.db, {
          channelId: input.sChannelID,
          beforeId: input.iBeforeID,
          afterId: input.iAfterID,
          limit: input.iLimit,
        });
        return {
          iErrorCode: 0,
          sChannelID: input.sChannelID,
          aMessages: await messageViews(services.ctx.db, services.authors, page.rows),
          bMore: page.more,
        };
      },
    }),

    defineAction({
      service: 'portal',
      name: 'findChatMembers',
      input: findChatMembersInput,
      auth: 'member',
      async handler({ sPrefix }, { user }): Promise<ChatMembersAnswer | Refusal> {
        const refused = await refusal(services, user);
        if (refused) return refused;
        return { iErrorCode: 0, aUserNames: await usernamesStartingWith(services.ctx.db, sPrefix, MEMBERS_SUGGESTED) };
      },
    }),

    defineAction({
      service: 'portal',
      name: 'getChatItem',
      input: getChatItemInput,
      auth: 'member',
      async handler({ sItemID }, { user }): Promise<ChatItemAnswer | Refusal> {
        const refused = await refusal(services, user);
        if (refused) return refused;
        const item = await ownedCollectible(services.ctx.db, user.id, sItemID);
        return item ? { iErrorCode: 0, pItem: itemCard(item) } : fail(ErrorCode.NOT_FOUND);
      },
    }),
  ];
}
