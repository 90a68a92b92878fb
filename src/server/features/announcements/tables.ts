import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the announcements capability (issue 29). An announcement row carries its own send
 * state: its status, and the cursor (the last member id the job went past) that advances in the
 * same transaction as each page's deliveries, so a restart resumes exactly where it stopped.
 */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  /** Markdown. */
  body: string;
  /** JSON of AnnouncementSegment. */
  segment: string;
  /** 1: also by email, to members who asked for news by email. */
  email: number;
  status: 'scheduled' | 'sending' | 'sent' | 'cancelled';
  send_at: number;
  /** The last member id the delivery went past ('' before the first page). */
  cursor: string;
  delivered: number;
  /** The members the segment matched when sending began. */
  total: number;
  emailed: number;
  /** Mails the mail server refused, or deferred until their attempts ran out. */
  mail_failed: Generated<number>;
  created_by: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  cancelled_by: string | null;
}

/**
 * One member's copy of an announcement, at most one per (announcement, member). `seen_at`: the
 * member closed its popup. `email`: 'none' (not asked, not subscribed, or its announcement was
 * cancelled before it went), 'due', 'sending' (claimed
 * by a round of mail, `emailed_at` the claim), 'sent' (its round ended: decision 0256), 'retry' (the
 * mail server deferred it: due again at `mail_retry_at`) or 'failed' (refused, or deferred
 * MAIL_ATTEMPTS times: decision 0257).
 */
export interface AnnouncementDeliveryTable {
  announcement_id: number;
  user_id: string;
  delivered_at: number;
  seen_at: number | null;
  email: 'none' | 'due' | 'sending' | 'sent' | 'retry' | 'failed';
  emailed_at: number | null;
  /** Sends the mail server deferred so far. */
  mail_attempts: Generated<number>;
  mail_retry_at: number | null;
}

export interface AnnouncementsTables {
  announcement: AnnouncementTable;
  announcement_delivery: AnnouncementDeliveryTable;
}

/** The announcements capability's handle: its tables and the platform's. */
export type AnnouncementsDb = CapabilityDb<AnnouncementsTables>;
