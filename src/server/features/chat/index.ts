import { ERASED_CHAT_TEXT } from '../../../protocol/memberAccount';
import { type Capability, forOtherCapabilities } from '../../capability';
import { onAvatarChanged } from '../collectibles/index';
import { chatActions } from './actions';
import { chatChannelConsoleActions } from './channelConsoleActions';
import { seedDemoChannels } from './channels';
import { chatCli } from './cli';
import { chatConsoleActions } from './consoleActions';
import { ChannelDirectory } from './directory';
import { ChatHub } from './hub';
import { TokenBuckets } from './limits';
import { chatMigrations } from './migrations';
import { relayNotifications } from './notices';
import { chatMessagesByBucket as chatMessagesByBucketOwn } from './pulse';
import {
  memberMessages as memberMessagesOwn,
  memberModeration as memberModerationOwn,
  openReportCount as openReportCountOwn,
} from './reportQueue';
import { CHAT_VARS, chatLimitsReader } from './rules';
import type { ChatServices } from './services';
import { chatSessionsJob } from './sessionGuard';
import { registerChatSocket } from './socket';
import { chatSyncJob } from './sync';
import type { ChatTables } from './tables';
import { Authors } from './views';

/**
 * Chat, "Howl" (docs/product.md §14): channels live over a WebSocket, history and unread counts in
 * the database, rate limits, slow mode, reports, mutes and deletes, and the Howl of a collectible.
 * Every message, edit, delete, mute and presence change crosses the bus, so members on every
 * instance hear it (shared/bus.ts: Redis with REDIS_URL). A socket closes when its session ends
 * (sessionGuard.ts).
 */
export const chat: Capability<ChatTables> = {
  name: 'chat',
  uses: ['identity', 'collectibles', 'gamevars', 'maintenance', 'notifications'],
  migrations: chatMigrations,
  gameVars: Object.values(CHAT_VARS),
  seed: (ctx) => seedDemoChannels(ctx.db, ctx.now),
  cli: chatCli,
  async start(ctx) {
    const directory = new ChannelDirectory(ctx.db);
    await directory.start();
    const limits = chatLimitsReader(ctx.db, ctx.config.settingsCacheMs);
    const hub = new ChatHub({ bus: ctx.bus, clock: ctx.clock, directory });
    const services: ChatServices = {
      ctx,
      hub,
      directory,
      authors: new Authors(ctx.db, () => ctx.clock.now()),
      buckets: new TokenBuckets(),
      limits,
    };
    hub.start(await limits());
    const stopRelay = relayNotifications(services);
    // A new avatar shows on the member's next message, on every instance.
    const stopAvatars = onAvatarChanged(ctx.bus, (userId) => services.authors.forget(userId));
    return {
      actions: chatActions(services),
      async routes(app) {
        // Before the listener stops: members hear 1012 (service restart) and reconnect elsewhere.
        app.addHook('preClose', async () => {
          stopRelay();
          stopAvatars();
          hub.stop();
        });
        await registerChatSocket(app, services);
      },
      jobs: [chatSyncJob(services), chatSessionsJob(services)],
      consoleActions: [...chatConsoleActions(services), ...chatChannelConsoleActions(services)],
      // Issue 30: an erased member's messages stay in place (replies keep their context) saying "deleted".
      async eraseMember(trx, member) {
        await trx
          .updateTable('chat_message')
          .set({ body: ERASED_CHAT_TEXT, mentions: '[]', item_id: null, changed_at: member.now })
          .where('user_id', '=', member.userId)
          .execute();
        await trx
          .updateTable('chat_report')
          .set({ reason: ERASED_CHAT_TEXT })
          .where('reporter_user_id', '=', member.userId)
          .execute();
      },
    };
  },
};

export { CHAT_REPORTED_TOPIC } from './reportQueue';

/** The console's overview (issue 38): reports waiting for a moderator. */
export const openReportCount = forOtherCapabilities(openReportCountOwn);
export type { ChatTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const memberMessages = forOtherCapabilities(memberMessagesOwn);
export const memberModeration = forOtherCapabilities(memberModerationOwn);

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const chatMessagesByBucket = forOtherCapabilities(chatMessagesByBucketOwn);
