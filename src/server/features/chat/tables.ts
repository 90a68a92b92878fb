import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the chat capability (docs/product.md §14). Timestamps are epoch milliseconds.
 * The database is the record: live delivery (hub.ts) only ever repeats what is stored here.
 */
export interface ChatChannelTable {
  /** Lower-case slug, e.g. "general". */
  id: string;
  name: string;
  topic: string;
  sort: number;
  /** The operator's slow mode: the least time between two messages of one member (0: off). */
  slow_mode_ms: number;
  /** Archived channels are hidden and take no messages; their history stays. */
  archived_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChatMessageTable {
  id: Generated<number>;
  channel_id: string;
  user_id: string;
  /** Markdown as written. Kept after a delete, for the operators' report queue. */
  body: string;
  /** A Howled collectible (collectibles' item id). */
  item_id: number | null;
  /** JSON array of the mentioned usernames, as registered. */
  mentions: string;
  /** The client's request id: a message resent after a lost answer is stored once. */
  nonce: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
  /** 'author', or the operator's actor name. */
  deleted_by: string | null;
  /** Last time it was created, edited or deleted: resuming clients get what changed since. */
  changed_at: number;
}

/** How far each member has read each channel: unread counts are kept here, so devices agree. */
export interface ChatReadTable {
  user_id: string;
  channel_id: string;
  last_read_id: number;
  updated_at: number;
}

export interface ChatMuteTable {
  user_id: string;
  /** Muted until (null: until lifted). Lifting sets it to the time of lifting. */
  until: number | null;
  reason: string;
  muted_by: string;
  created_at: number;
  updated_at: number;
}

/** The operators' queue of reported messages. */
export interface ChatReportTable {
  id: Generated<number>;
  message_id: number;
  reporter_user_id: string;
  reason: string;
  note: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  /** 'deleted' (the message was removed), 'dismissed', 'muted' or 'banned' (the author). */
  resolution: string | null;
}

/** Members who moderate chat from the web (delete any message); granted with `chat operator add`. */
export interface ChatOperatorTable {
  user_id: string;
  granted_by: string;
  granted_at: number;
}

export interface ChatTables {
  chat_channel: ChatChannelTable;
  chat_message: ChatMessageTable;
  chat_read: ChatReadTable;
  chat_mute: ChatMuteTable;
  chat_report: ChatReportTable;
  chat_operator: ChatOperatorTable;
}

/** The chat capability's handle: its tables and the platform's. */
export type ChatDb = CapabilityDb<ChatTables>;
