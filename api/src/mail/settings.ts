import { createHmac } from 'node:crypto';
import { TOPOLOGY } from '@usedcars/shared-contract/topology';

/** Where alert mails go out and what their links point at (docs/operations.md, "Alert mails"). */
export interface MailSettings {
  smtpHost: string;
  smtpPort: number;
  /** The site's address, before each car's path in a mail. */
  siteUrl: string;
  /** The API's public address, before /unsubscribe in a mail. */
  publicApiUrl: string;
  from: string;
  /** Signs unsubscribe links; without UNSUBSCRIBE_SECRET, derived from the access-token secret. */
  unsubscribeSecret?: string;
  /** How often the outbox is looked at; a mail goes out within this of its event. */
  pollMs: number;
}

export const defaultMailSettings: MailSettings = {
  smtpHost: '127.0.0.1',
  smtpPort: TOPOLOGY.mailCatcher.port,
  siteUrl: `http://localhost:${TOPOLOGY.shell.port}`,
  publicApiUrl: `http://127.0.0.1:${TOPOLOGY.api.port}`,
  from: 'Used cars <alerts@usedcars.local>',
  pollMs: 10_000,
};

/** The secret unsubscribe tokens are signed with. */
export function unsubscribeSecretOf(settings: MailSettings, jwtSecret: string): string {
  return settings.unsubscribeSecret ?? createHmac('sha256', jwtSecret).update('unsubscribe-links').digest('base64url');
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv, parsePort: (name: string, value: string | undefined, fallback: number) => number): MailSettings {
  return {
    smtpHost: env.SMTP_HOST?.trim() || defaultMailSettings.smtpHost,
    smtpPort: parsePort('SMTP_PORT', env.SMTP_PORT, defaultMailSettings.smtpPort),
    siteUrl: withoutSlash(env.SITE_URL?.trim() || defaultMailSettings.siteUrl),
    publicApiUrl: withoutSlash(env.PUBLIC_API_URL?.trim() || defaultMailSettings.publicApiUrl),
    from: env.MAIL_FROM?.trim() || defaultMailSettings.from,
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET?.trim() || undefined,
    pollMs: defaultMailSettings.pollMs,
  };
}
