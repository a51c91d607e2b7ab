import path from 'node:path';
import { REPO_ROOT } from '../config';
import { startMailCatcher } from '../mail/mail-catcher';

/** npm run mail-catcher -w api: catches the API's alert mails on 127.0.0.1:2525 into .data/mail (MAIL_CATCHER_PORT, MAIL_CATCHER_DIR). */
async function main(): Promise<void> {
  const port = Number(process.env.MAIL_CATCHER_PORT || 2525);
  const dir = path.resolve(process.env.MAIL_CATCHER_DIR || path.join(REPO_ROOT, '.data', 'mail'));
  const catcher = await startMailCatcher({ port, dir });
  console.log(`mail catcher on 127.0.0.1:${catcher.port}, writing each mail to ${dir}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void catcher.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
