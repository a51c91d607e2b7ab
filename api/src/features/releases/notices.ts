import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { CanaryAnalysis, CanaryCheck, CanaryVerdict } from '@usedcars/shared-contract';
import { mailOutbox, users } from '../../db/schema';
import type { Tx } from './registry-rows';

/** What the canary watch did by itself; the metrics' `action` label and the webhook's `event`. */
export const RELEASE_ACTIONS = ['rollback', 'promotion', 'ramp_step', 'suspect'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/** One automatic change, as the webhook posts it (docs/releases.md, "Being told"). */
export interface ReleaseEvent {
  event: ReleaseAction;
  remote: string;
  version: string;
  /** The canary's share afterwards: 0 once rolled back, 100 once promoted; unchanged when suspect. */
  share: number;
  /** The reason the history records (for `suspect`, the verdict's). */
  reason: string;
  verdict: CanaryVerdict;
  /** Every check the verdict made, with its state and words. */
  checks: CanaryCheck[];
  numbers: CanaryAnalysis['numbers'];
  at: string;
}

/** Where a mail about a release links: the Releases screen (the sender puts SITE_URL before it). */
const RELEASES_SCREEN = '/dashboard/releases';

/** Each check the verdict made, one line each: what failed, what was suspect, what was within its margin, what still waits. */
const checkLines = (analysis: CanaryAnalysis) => `What was judged:\n${analysis.checks.map((check) => `- ${check.state}: ${check.text}`).join('\n')}`;

function mailText(event: ReleaseEvent, analysis: CanaryAnalysis, shareBefore: number): { subject: string; body: string } {
  const name = `${event.remote} ${event.version}`;
  const table = `${checkLines(analysis)}\n\n${analysis.table.join('\n')}`;
  if (event.event === 'suspect') {
    const paused = analysis.ramp ? ' Its ramp is paused: it takes no step while it is suspect.' : '';
    return {
      subject: `${name} is suspect: a person decides`,
      body: `The canary ${name} (${shareBefore} % of visitors) looks worse than the ${analysis.baseline.version ? 'live release' : 'baseline set'}, but on evidence from too few visitor networks to act on by itself: ${analysis.reason}.${paused}\n\nIt stays at its share. Decide on the Releases screen: roll it back, promote it, or change its share. If more visitors' numbers clear it, it goes on by itself.\n\n${table}\n\nThe history and each release's health are on the Releases screen:`,
    };
  }
  if (event.event === 'rollback') {
    const back = analysis.baseline.version ? `the live release ${analysis.baseline.version}` : 'the baseline set';
    return {
      subject: `${name} was rolled back automatically`,
      body: `The canary ${name} (${shareBefore} % of visitors) was rolled back automatically: ${analysis.reason}.\n\nEveryone is on ${back} again, from their next page load.\n\n${table}\n\nThe history and each release's health are on the Releases screen:`,
    };
  }
  const ramp = analysis.ramp ? ` Its ramp: ${analysis.ramp.steps.join(', ')} %, each step held while healthy.` : '';
  return {
    subject: `${name} was promoted by its ramp`,
    body: `The canary ${name} was healthy at ${shareBefore} % of visitors (${analysis.reason}) and is live for everyone now.${ramp}\n\n${table}\n\nThe history and each release's health are on the Releases screen:`,
  };
}

/**
 * Queues the mail of a rollback, promotion or suspect verdict in the change's own transaction: to every admin, and
 * to the release's author when that is a person (a deploy token's release goes to the admins).
 */
export async function queueReleaseMails(tx: Tx, event: ReleaseEvent, analysis: CanaryAnalysis, releasedBy: string, shareBefore: number): Promise<void> {
  const people = await tx
    .select({ email: users.email })
    .from(users)
    .where(or(eq(users.role, 'admin'), eq(users.email, releasedBy)));
  const { subject, body } = mailText(event, analysis, shareBefore);
  const to = [...new Set(people.map((person) => person.email))];
  if (to.length === 0) return;
  await tx
    .insert(mailOutbox)
    .values(to.map((address) => ({ to: address, subject, body, link: RELEASES_SCREEN, messageId: `<release-${randomUUID()}@usedcars.local>` })));
}
