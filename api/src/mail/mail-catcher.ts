import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the catcher keeps it: what a person would read, and the headers tests look at. */
interface CaughtMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  listUnsubscribe?: string;
  receivedAt: string;
}

export interface MailCatcher {
  port: number;
  /** Every mail caught so far, oldest first. */
  mails(): CaughtMail[];
  /** Refuses every mail until called with false: a mail server that is down, for the retry tests. */
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives (docs/operations.md, "Alert mails"):
 * in memory, and as one JSON file per mail in `dir` when given. For development and tests only:
 * it takes any sender and recipient, without TLS or a password.
 */
export async function startMailCatcher(options: { port?: number; host?: string; dir?: string } = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  let refusing = false;
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mail catcher is refusing mail'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address ?? ''));
          const mail: CaughtMail = {
            messageId: parsed.messageId ?? '',
            from: parsed.from?.text ?? '',
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            listUnsubscribe: parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line,
            receivedAt: new Date().toISOString(),
          };
          caught.push(mail);
          if (options.dir)
            writeFileSync(path.join(options.dir, `${mail.receivedAt.replace(/[:.]/g, '-')}-${caught.length}.json`), `${JSON.stringify(mail, null, 2)}\n`);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails: () => [...caught],
    setRefusing: (value) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
