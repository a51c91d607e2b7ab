import styled from 'styled-components';
import type { PreviewLink } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { count, ms, percent } from '../releases/formatNumbers';
import type { PreviewNumbers } from './usePreviews';

const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/**
 * A preview's own numbers, as the Releases screen gives a release's (docs/releases.md, "What each number
 * means"): its visitors' page views, errors and p75 vitals. A dev server's pages report nothing.
 */
export function PreviewNumbersList({ link, numbers }: { link: PreviewLink; numbers: PreviewNumbers | null }) {
  if (link.kind === 'local') return <Quiet>None: pages from a dev server report nothing</Quiet>;
  if (!numbers || numbers.isPending) return <Quiet>Loading its numbers…</Quiet>;
  if (numbers.isError) return <Refusal>We could not read its numbers.</Refusal>;
  const { health } = numbers;
  if (!health || (health.pageViews === 0 && health.renders === 0)) return <Quiet>No visits yet</Quiet>;
  return (
    <List aria-label={`Numbers of ${link.remote} ${link.version}`}>
      <li>{plural(health.pageViews, 'page view', 'page views')}</li>
      <li>
        {plural(health.errors, 'error', 'errors')} ({percent(health.errorRate)})
      </li>
      <li>p75 LCP {ms(health.lcpP75)}</li>
      <li>p75 INP {ms(health.inpP75)}</li>
      <li>p75 CLS {health.clsP75 === null ? '—' : String(health.clsP75)}</li>
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 2px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    white-space: nowrap;
  }
`;

const Quiet = styled.span`
  color: ${theme.color.muted};
`;

const Refusal = styled.span`
  color: ${theme.color.danger};
`;
