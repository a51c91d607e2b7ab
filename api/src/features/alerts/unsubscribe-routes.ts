import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messageSchema } from '@usedcars/shared-contract';
import { featureRoutes } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { unsubscribeSecretOf } from '../../mail/settings';
import { type MailList, UnsubscribeTokens } from '../../mail/unsubscribe';

const BAD_LINK = 'This unsubscribe link is not valid; use the link of a recent mail';
const PAGES: Record<MailList, { title: string; what: string; done: string }> = {
  alerts: {
    title: 'Stop alert mails?',
    what: 'You will no longer get mails about saved searches and saved cars.',
    done: 'You will get no more alert mails. Your saved searches and the notifications in the site stay.',
  },
  messages: {
    title: 'Stop mails about unread messages?',
    what: 'You will no longer get a mail when a message waits for you unread.',
    done: 'You will get no more mails about unread messages. Your messages stay in Messages on the site.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page of its own (no site around it): the link is opened from a mail, perhaps on another device. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0b57d0;color:#fff;cursor:pointer}</style>
</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const tokenQuery = z.object({ token: z.string().max(200).optional() });

/**
 * GET /unsubscribe shows a button, POST /unsubscribe turns alert mails off: no sign-in, the
 * signed token is the proof. GET changes nothing, since mail scanners open links on their own.
 */
export const unsubscribeRoutes = featureRoutes('unsubscribe-routes', async (scope, context) => {
  const tokens = new UnsubscribeTokens(unsubscribeSecretOf(context.config.mail, context.config.jwtSecret));
  // The page's form and one-click unsubscribe (RFC 8058) both post form fields.
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  scope.get(
    '/unsubscribe',
    { schema: { tags: ['alerts'], summary: 'The page behind a mail’s unsubscribe link: one button', querystring: tokenQuery } },
    (request, reply) => {
      const { token = '' } = request.query as z.infer<typeof tokenQuery>;
      reply.type('text/html; charset=utf-8');
      const verified = tokens.verify(token);
      if (!verified) return reply.code(400).send(page('Link not valid', `<p>${BAD_LINK}.</p>`));
      const { title, what } = PAGES[verified.list];
      return page(
        title,
        `<p>${what}</p><form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  scope.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Turns alert mails (or mails about unread messages) off for the account and list a signed token names (no sign-in)',
        description: 'The token in the query (one-click, RFC 8058) or the body (JSON or form). A form post gets a page in response, JSON gets JSON.',
        querystring: tokenQuery,
        response: { 200: messageSchema.or(z.string()), 400: messageSchema.or(z.string()) },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as { token?: unknown };
      const token = (request.query as z.infer<typeof tokenQuery>).token ?? (typeof body.token === 'string' ? body.token : '');
      const verified = tokens.verify(token);
      const asPage = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      if (!verified) {
        if (!asPage) throw badRequest(BAD_LINK);
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('Link not valid', `<p>${BAD_LINK}.</p>`));
      }
      const change = verified.list === 'messages' ? { messageEmails: false } : { emailAlerts: false };
      await context.db.update(users).set(change).where(eq(users.id, verified.userId));
      const { done } = PAGES[verified.list];
      if (asPage) return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', `<p>${done}</p>`));
      return { message: done };
    },
  );
});
