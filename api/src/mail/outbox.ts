import { eq, sql } from 'drizzle-orm';
import { type Transporter, createTransport } from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailSettings } from './settings';
import type { MailList, UnsubscribeTokens } from './unsubscribe';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** How long a claimed mail is this sender's alone; past it another sender may take it again. */
const LEASE_SECONDS = 60;
const BATCH = 20;

/** 30 s, 1 min, 2 min … at most an hour between tries while the SMTP server is down. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the mail_outbox over SMTP. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * API instances never send the same row at once; each keeps its Message-ID on every try, so a mail
 * sent just before a crash and sent again is one mail to the receiving server.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly settings: MailSettings,
    private readonly tokens: UnsubscribeTokens,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  private async claim(): Promise<OutboxRow[]> {
    const result = await this.db.execute(sql`UPDATE mail_outbox SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = ((result as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[])).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.id} in ${ids}`);
  }

  private message(row: OutboxRow) {
    const list: MailList = row.list === 'messages' ? 'messages' : 'alerts';
    const unsubscribe = row.userId ? `${this.settings.publicApiUrl}/unsubscribe?token=${this.tokens.issue(row.userId, list)}` : undefined;
    const link = row.link ? `\n\n${this.settings.siteUrl}${row.link}` : '';
    const stop = list === 'messages' ? 'No more mails about unread messages' : 'No more alert mails';
    const footer = unsubscribe ? `\n\n--\n${stop}: ${unsubscribe}` : '';
    return {
      from: this.settings.from,
      to: row.to,
      subject: row.subject,
      text: `${row.body}${link}${footer}`,
      messageId: row.messageId,
      ...(unsubscribe
        ? { list: { unsubscribe: { url: unsubscribe, comment: stop } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    };
  }

  /** Sends what is due now; returns how many went out. */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (const row of await this.claim()) {
      try {
        await this.transport.sendMail(this.message(row));
        await this.db.update(mailOutbox).set({ sentAt: new Date(), leaseUntil: null, lastError: null }).where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const seconds = retryDelaySeconds(row.attempts);
        await this.db
          .update(mailOutbox)
          .set({
            leaseUntil: null,
            lastError: String((error as Error).message ?? error).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${seconds})`,
          })
          .where(eq(mailOutbox.id, row.id));
        this.log(`mail ${row.messageId} not sent (try ${row.attempts}); trying again in ${seconds} s`, error);
      }
    }
    return sent;
  }

  /** Looks at the outbox every pollMs until stopped. */
  start(): void {
    const tick = () => {
      this.running = this.sendDue()
        .catch((error: unknown) => this.log('mail outbox could not be read', error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.settings.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** The sender `npm start` runs: nodemailer over plain SMTP to MailSettings' server (a relay on the same network, or the mail catcher). */
export function smtpSender(db: Db, settings: MailSettings, tokens: UnsubscribeTokens, log: (message: string, error?: unknown) => void): MailSender {
  const transport = createTransport({ host: settings.smtpHost, port: settings.smtpPort, secure: false, ignoreTLS: settings.smtpHost === '127.0.0.1' });
  return new MailSender(db, transport, settings, tokens, log);
}
