import styled from 'styled-components';
import { buttonStyles, theme, usePriorityImage } from '@usedcars/shared-ui';
import heroUrl from '../../assets/hero.svg?inline';

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
  img {
    width: 100%;
    max-width: 560px;
    height: auto;
    justify-self: center;
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
  // The largest thing on a first visit, in the HTML itself: no request, from no other host, stands before its paint.
  const priority = usePriorityImage(heroUrl);
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
      <img src={heroUrl} alt="" width={560} height={400} {...priority} />
    </Banner>
  );
}
