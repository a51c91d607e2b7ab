import styled from 'styled-components';
import { DEAL_LABELS, NO_RATING, type DealRating } from '@usedcars/shared-contract';
// The entry, not './theme': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { Pill, theme } from '@usedcars/shared-ui';

/**
 * The market's rating of a car's price as a pill (docs/product.md, "Deal rating"): on the
 * catalog's cards, a car's page, the comparison and the seller's forms. A subpath module, so
 * the pages without cars (home) carry none of it.
 */
export function DealBadge({ rating, className }: { rating: DealRating | null; className?: string }) {
  return (
    <Badge data-rating={rating ?? 'none'} className={className}>
      {rating ? DEAL_LABELS[rating] : NO_RATING}
    </Badge>
  );
}

// Dark text on a light fill for each step: readable (WCAG AA) whichever the step.
const Badge = styled(Pill)`
  background: ${theme.color.canvas};
  color: ${theme.color.muted};
  &[data-rating='great'] {
    background: #d8f0e0;
    color: #0f5a31;
  }
  &[data-rating='good'] {
    background: ${theme.color.successBg};
    color: ${theme.color.success};
  }
  &[data-rating='fair'] {
    background: #e6eefb;
    color: #1d4f9e;
  }
  &[data-rating='high'] {
    background: #fff4e0;
    color: #7a4a00;
  }
  &[data-rating='overpriced'] {
    background: #fde8e8;
    color: #a11d24;
  }
`;
