import styled from 'styled-components';
import { buttonStyles, theme } from '@usedcars/shared-ui';
import heroMarkup from '../../assets/hero.svg?markup';

const Banner = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: center;
  gap: 24px 48px;
  padding: clamp(24px, 5vw, 56px);
  border-radius: calc(${theme.radius} * 2);
  background: linear-gradient(135deg, ${theme.color.surface} 40%, #fdf1f1);
  box-shadow: ${theme.shadow};
  overflow: hidden;
`;

const Picture = styled.span`
  display: block;
  width: 100%;
  max-width: 560px;
  aspect-ratio: 560 / 400;
  justify-self: center;
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.brand};
  font-weight: 700;
  font-size: 14px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Headline = styled.h1`
  margin: 0;
  font-size: clamp(32px, 5vw, 52px);
  letter-spacing: -0.02em;
`;

const Lead = styled.p`
  margin: 16px 0 28px;
  max-width: 52ch;
  font-size: 18px;
  color: ${theme.color.muted};
`;

const CallToAction = styled.a`
  ${buttonStyles};
  background: ${theme.color.brand};
  color: #fff;
  &:hover {
    background: ${theme.color.brandDark};
  }
`;

export function HeroBanner() {
  return (
    <Banner aria-labelledby="home-hero-heading">
      <div>
        <Eyebrow>Audi · Honda · Mercedes-Benz</Eyebrow>
        <Headline id="home-hero-heading">Find a used car you’ll love to drive</Headline>
        <Lead>
          Every car on UsedCars is listed by a real owner with a clear asking price, how long it has been used and where it is. Book a viewing in minutes, pay
          the booking online, and meet the seller where it suits you.
        </Lead>
        <CallToAction href="#categories">Browse categories</CallToAction>
      </div>
      {/* Painted with the page's text, never in a late frame of its own (docs/performance.md, "Small pictures in the markup"). */}
      <Picture aria-hidden="true" dangerouslySetInnerHTML={{ __html: heroMarkup }} />
    </Banner>
  );
}
