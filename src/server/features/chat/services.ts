import type { AppContext } from '../../capability';
import type { ChannelDirectory } from './directory';
import type { ChatHub } from './hub';
import type { TokenBuckets } from './limits';
import type { ChatLimits } from './rules';
import type { ChatTables } from './tables';
import type { Authors } from './views';

/** What the chat socket and actions of one running app share (built once in index.ts). */
export interface ChatServices {
  ctx: AppContext<ChatTables>;
  hub: ChatHub;
  directory: ChannelDirectory;
  authors: Authors;
  buckets: TokenBuckets;
  limits(): Promise<ChatLimits>;
}
