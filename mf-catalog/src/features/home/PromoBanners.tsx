import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import tradeInUrl from '../../assets/promo-trade-in.svg';
import warrantyUrl from '../../assets/promo-warranty.svg';
import financingUrl from '../../assets/promo-financing.svg';
import { SectionHeading, SectionIntro } from './sectionStyles';

interface Promo {
  id: string;
  title: string;
  copy: string;
  note: string;
  art: string;
  tint: string;
  accent: string;
}

const PROMOS: Promo[] = [
  {
    id: 'trade-in',
    title: 'Spring trade-in bonus',
    copy: 'Trading in your old car? Buy any car on UsedCars this spring and we add $500 on top of your trade-in appraisal.',
    note: 'One bonus per purchase. The appraisal is done in person.',
    art: tradeInUrl,
    tint: '#fdf1f1',
    accent: theme.color.brandDark,
  },
  {
    id: 'warranty',
    title: 'Certified warranty',
    copy: 'Certified Pre-Owned cars come with 12 months or 12,000 miles of powertrain cover, whichever comes first, and roadside assistance included.',
    note: 'Cover starts on the day you collect the car.',
    art: warrantyUrl,
    tint: '#eef7f1',
    accent: theme.color.success,
  },
  {
    id: 'financing',
    title: 'Financing made simple',
    copy: 'Spread the cost over 24 to 72 months with fixed monthly payments. Check your rate in two minutes without affecting your credit score.',
    note: 'Subject to status. Rates depend on the term and your credit history.',
    art: financingUrl,
    tint: '#eef3fc',
    accent: theme.color.focus,
  },
];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
  gap: 24px;
`;

const Banner = styled.article<{ $tint: string; $accent: string }>`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 24px;
  border-radius: ${theme.radius};
  border-top: 4px solid ${({ $accent }) => $accent};
  background: ${({ $tint }) => $tint};
  img {
    width: 100%;
    max-width: 240px;
    height: auto;
    margin-bottom: 8px;
  }
  h3 {
    margin: 0;
    font-size: 22px;
    color: ${({ $accent }) => $accent};
  }
  p {
    margin: 0;
  }
  small {
    margin-top: auto;
    color: ${theme.color.muted};
  }
`;

export function PromoBanners() {
  return (
    <section aria-labelledby="offers-heading">
      <SectionHeading id="offers-heading">Current offers</SectionHeading>
      <SectionIntro>A few good reasons to make your move now.</SectionIntro>
      <Grid>
        {PROMOS.map(({ id, title, copy, note, art, tint, accent }) => (
          <Banner key={id} aria-labelledby={`promo-${id}`} $tint={tint} $accent={accent}>
            {/* Lazy: far below the fold. */}
            <img src={art} alt="" width={240} height={160} loading="lazy" decoding="async" />
            <h3 id={`promo-${id}`}>{title}</h3>
            <p>{copy}</p>
            <small>{note}</small>
          </Banner>
        ))}
      </Grid>
    </section>
  );
}
