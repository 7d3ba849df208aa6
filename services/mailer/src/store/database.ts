import type { BusTables } from "@tubedigest/bus";
import type { ColumnType, Generated } from "kysely";

export type MessageStatus = "pending" | "sending" | "sent" | "failed" | "suppressed";

export interface MessagesTable {
  id: string;
  natural_key: string;
  template: string;
  recipient: string;
  user_id: string | null;
  subject: string;
  html: string;
  text: string;
  /** Read as an object, written as its JSON text. */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  status: MessageStatus;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: Date | null;
  message_id: string;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** The newsletter the message delivers: its sending is announced (`newsletter.sent`). Null for any other. */
  newsletter_id: ColumnType<string | null, string | null | undefined, never>;
  /**
   * The data a message decided at send time was written from (send-time-rules.ts); read as the object,
   * written as its JSON text. Null for every other message.
   */
  data: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface SuppressionsTable {
  email: string;
  reason: string;
  created_at: Generated<Date>;
}

export interface RecipientsTable {
  user_id: string;
  email: string;
  canonical_email: string;
  full_name: string | null;
  /** A plan is in force: paid, or chosen during the trial (every billing event says which). */
  paying: Generated<boolean>;
  /** The plan in force and its display name, as billing's events last named them; null before (or after) one. */
  plan: string | null;
  plan_name: string | null;
  /** A cancelled plan's access ends then; null while nothing is cancelled. */
  access_ends_at: Date | null;
  /** The plan in force was chosen in test mode: nothing is charged for it, nor for its changes. */
  test_mode: Generated<boolean>;
  /** When the billing event behind the fields above happened: an older one arriving later changes nothing. */
  plan_state_at: Date | null;
  /** Signed up on the landing page with an e-mail only: its welcome waits a little (see mailWelcome). */
  passwordless: Generated<boolean>;
  /** From trial.started: the welcome says it, written again when it goes out. */
  trial_ends_at: Date | null;
  unsubscribed_at: Date | null;
  /** The generation of the reader's unsubscribe links: only a link of this one works (see unsubscribe-token.ts). */
  unsubscribe_generation: Generated<number>;
  updated_at: Generated<Date>;
}

export interface AbandonmentSendsTable {
  canonical_email: string;
  sent_at: Date;
}

/** Mail a request can trigger, as sent to each address within the hour that limits it (request-mail-limit.ts). */
export interface RequestMailsTable {
  /** The address's hash (addressHash), never the address. */
  address_hash: string;
  sent_at: Date;
}

export interface PreviewsTable {
  user_id: string;
  /** The first channel's title as catalog gave it; null when it had none. */
  channel_title: string | null;
  /** Up to 3 points of the summary the preview showed; read as the list, written as its JSON text. */
  bullets: ColumnType<string[], string, string>;
  /** The first channel's YouTube id, for the link back to the preview; null in events from before it. */
  channel_id: string | null;
  shown_at: Date;
  /** A reminder asked for (its 7 days taken) before the welcome was queued: the welcome carries it. */
  reminder_owed_at: Date | null;
}

export interface FeedsTable {
  user_id: string;
  /** The secret of the feed's address. */
  token: string;
  created_at: Generated<Date>;
}

export interface MailerDatabase extends BusTables {
  messages: MessagesTable;
  suppressions: SuppressionsTable;
  recipients: RecipientsTable;
  abandonment_sends: AbandonmentSendsTable;
  previews: PreviewsTable;
  feeds: FeedsTable;
  request_mails: RequestMailsTable;
}
