import { sql } from 'drizzle-orm';
import { SITE_PATHS } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { rowsOf } from './views';

/** When a message left unread is mailed about (docs/api.md, "Mail about unread messages"). */
export interface MessageMailSettings {
  /** How long a message stays unread before its reader is mailed (10 minutes). */
  afterSeconds: number;
  /** At most one mail per conversation and reader in this long (an hour). */
  everySeconds: number;
  /** How often each API instance looks; 0: never (tests call queueDue themselves). */
  scanMs: number;
}

export const defaultMessageMailSettings: MessageMailSettings = { afterSeconds: 600, everySeconds: 3600, scanMs: 30_000 };

interface Due {
  conversationId: string;
  userId: string;
  email: string;
  carName: string;
  senderName: string | null;
  text: string;
  unread: number;
}

const EXCERPT = 300;

/**
 * Queues a mail in the outbox for each conversation side holding a message unread for
 * `afterSeconds` that came after its last such mail, at most one an hour. Several API instances may
 * look at once: the side's mailed-at is claimed by an UPDATE that only one of them wins.
 */
export class UnreadMessageMail {
  constructor(
    private readonly db: Db,
    private readonly settings: MessageMailSettings,
    private readonly clock: () => Date,
  ) {}

  /** Queues what is due now; returns how many mails. */
  async queueDue(): Promise<number> {
    let queued = 0;
    for (const side of ['buyer', 'seller'] as const) queued += await this.queueSide(side);
    return queued;
  }

  private async queueSide(side: 'buyer' | 'seller'): Promise<number> {
    const now = this.clock();
    const unreadBefore = new Date(now.getTime() - this.settings.afterSeconds * 1000);
    const mailedBefore = new Date(now.getTime() - this.settings.everySeconds * 1000);
    const reader = sql.raw(`c.${side}_id`);
    const readSeq = sql.raw(`c.${side}_read_seq`);
    const mailedAt = sql.raw(`${side}_mailed_at`);
    return this.db.transaction(async (tx) => {
      // The oldest unread message counts: it is the one that waited longest.
      const claimed = rowsOf<Due>(
        await tx.execute(sql`with due as (
            select c.id, ${reader} as reader from conversations c
            join users u on u.id = ${reader} and u.message_emails
            where (c.${mailedAt} is null or c.${mailedAt} <= ${mailedBefore.toISOString()})
              and exists (select 1 from messages m where m.conversation_id = c.id and m.sender_id <> ${reader} and m.seq > ${readSeq}
                and m.created_at <= ${unreadBefore.toISOString()} and (c.${mailedAt} is null or m.created_at > c.${mailedAt}))
            limit 100 for update of c skip locked)
          update conversations c set ${mailedAt} = ${now.toISOString()} from due where c.id = due.id
          returning c.id as "conversationId", due.reader as "userId", c.car_name as "carName",
            (select email from users where id = due.reader) as email,
            (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id <> due.reader and m.seq > ${readSeq}) as unread,
            (select u.name from messages m join users u on u.id = m.sender_id where m.conversation_id = c.id and m.sender_id <> due.reader and m.seq > ${readSeq} order by m.seq desc limit 1) as "senderName",
            (select m.text from messages m where m.conversation_id = c.id and m.sender_id <> due.reader and m.seq > ${readSeq} order by m.seq desc limit 1) as text`),
      );
      if (claimed.length === 0) return 0;
      await tx.insert(mailOutbox).values(
        claimed.map((due) => ({
          userId: due.userId,
          to: due.email,
          list: 'messages',
          subject: `${due.senderName ?? 'Someone'} wrote to you about ${due.carName}`,
          body: this.body(due),
          link: SITE_PATHS.conversation(due.conversationId),
          messageId: `<message-${due.conversationId}-${side}-${now.getTime()}@usedcars.local>`,
        })),
      );
      return claimed.length;
    });
  }

  private body(due: Due): string {
    const text = due.text.length > EXCERPT ? `${due.text.slice(0, EXCERPT)}…` : due.text;
    const more = due.unread > 1 ? `\n\n(${due.unread} unread messages in this conversation.)` : '';
    return `${due.senderName ?? 'Someone'} wrote about ${due.carName}:\n\n${text}${more}\n\nRead and reply on the site:`;
  }

  /** Looks every scanMs until the returned stop is called. */
  start(log: (message: string, error: unknown) => void): () => Promise<void> {
    if (this.settings.scanMs <= 0) return async () => undefined;
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(() => this.queueDue()).catch((error: unknown) => log('unread message mails could not be queued', error));
    }, this.settings.scanMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
