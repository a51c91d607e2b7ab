import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { focusRing, theme } from '@usedcars/shared-ui';
import shopUrl from '../../assets/icon-shop.svg';
import researchUrl from '../../assets/icon-research.svg';
import newsUrl from '../../assets/icon-news.svg';
import sellUrl from '../../assets/icon-sell.svg';
import serviceUrl from '../../assets/icon-service.svg';
import certifiedUrl from '../../assets/icon-certified.svg';
import { SectionHeading, SectionIntro } from './sectionStyles';

interface MarketingSection {
  title: string;
  icon: string;
  copy: string;
  action?: { label: string; to: string };
}

const SECTIONS: MarketingSection[] = [
  {
    title: 'Shop',
    icon: shopUrl,
    copy: 'Browse Audi, Honda and Mercedes-Benz cars listed by their owners. Every listing shows the asking price next to the original price, how long the car has been used and where it is, so you can compare at a glance.',
    action: { label: 'Browse categories', to: '#categories' },
  },
  {
    title: 'Research',
    icon: researchUrl,
    copy: 'Not sure which model fits your life? Compare running costs, reliability records and safety ratings before you book a viewing. A little homework now saves a lot of money later.',
  },
  {
    title: 'News',
    icon: newsUrl,
    copy: 'Price trends, recall notices and the models worth watching this season. We keep it short and practical, so you know when it is a good time to buy or to sell.',
  },
  {
    title: 'Sell',
    icon: sellUrl,
    copy: 'Register as a seller and list your car in a few minutes, with no listing fee. Buyers book a meeting and pay the booking online, and you decide where they see the car.',
    action: { label: 'List your car', to: SITE_PATHS.addProduct },
  },
  {
    title: 'Service & Repair',
    icon: serviceUrl,
    copy: 'Have a trusted mechanic inspect a car before you commit, then keep it running with routine service, brakes and tires. A documented service history also helps when you sell.',
  },
  {
    title: 'Certified Pre-Owned',
    icon: certifiedUrl,
    copy: 'Certified cars have passed a multi-point inspection by a qualified technician and come with a history report and an extended warranty. Pay a little more up front and drive away with peace of mind.',
  },
];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 24px;
`;

const Tile = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 24px;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  img {
    width: 56px;
    height: 56px;
  }
  h3 {
    margin: 0;
    font-size: 20px;
  }
  p {
    margin: 0;
    color: ${theme.color.muted};
  }
`;

const tileLink = css`
  margin-top: auto;
  font-weight: 600;
  color: ${theme.color.brand};
  ${focusRing};
`;
const TileLink = styled(Link)`
  ${tileLink};
`;
/** In-page jumps stay plain anchors so the browser scrolls to the target. */
const TileAnchor = styled.a`
  ${tileLink};
`;
const Arrow = () => <span aria-hidden="true"> →</span>;

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z]+/g, '-');
}

export function MarketingSections() {
  return (
    <section aria-labelledby="marketing-heading">
      <SectionHeading id="marketing-heading">Everything in one place</SectionHeading>
      <SectionIntro>From the first search to the first service, UsedCars keeps the whole journey simple.</SectionIntro>
      <Grid>
        {SECTIONS.map(({ title, icon, copy, action }) => {
          const headingId = `marketing-${slug(title)}`;
          return (
            <Tile key={title} aria-labelledby={headingId}>
              {/* Lazy: far below the fold. */}
              <img src={icon} alt="" width={56} height={56} loading="lazy" decoding="async" />
              <h3 id={headingId}>{title}</h3>
              <p>{copy}</p>
              {action?.to.startsWith('#') ? (
                <TileAnchor href={action.to}>
                  {action.label}
                  <Arrow />
                </TileAnchor>
              ) : null}
              {action && !action.to.startsWith('#') ? (
                <TileLink to={action.to}>
                  {action.label}
                  <Arrow />
                </TileLink>
              ) : null}
            </Tile>
          );
        })}
      </Grid>
    </section>
  );
}
