import styled from 'styled-components';
import { theme, usePageTitle } from '@usedcars/shared-ui';

const Page = styled.article`
  max-width: 760px;
  padding-top: 32px;
  h1 {
    margin: 0 0 8px;
    font-size: clamp(32px, 5vw, 44px);
  }
  h2 {
    margin: 36px 0 12px;
    font-size: 24px;
  }
  p,
  li {
    color: ${theme.color.ink};
    line-height: 1.7;
  }
  ol,
  ul {
    padding-left: 1.4em;
  }
  li + li {
    margin-top: 6px;
  }
`;

const Lead = styled.p`
  && {
    margin: 0;
    font-size: 19px;
    color: ${theme.color.muted};
  }
`;

/** docs/product.md, "About": titled About; a short, genuine description of the marketplace. */
export default function AboutPage() {
  usePageTitle('About');
  return (
    <Page aria-labelledby="about-heading">
      <h1 id="about-heading">About</h1>
      <Lead>A used-car marketplace that puts buyers and sellers in touch, fairly and in the open.</Lead>

      <h2>About us</h2>
      <p>
        UsedCars is a small team of car enthusiasts and engineers who were tired of classified ads with no prices, blurry photos and sellers who never reply. We
        built a place where private owners list Audi, Honda and Mercedes-Benz cars with the facts buyers actually need: the asking price next to the original
        price, how long the car has been used, where it is and the date the car was listed.
      </p>

      <h2>How it works</h2>
      <ol>
        <li>Create a free account, pick a make and compare its cars side by side.</li>
        <li>Sign in as a buyer and book the car you like with your phone number and a meeting place.</li>
        <li>Pay the booking securely by card, so the seller knows you are serious.</li>
        <li>Meet the seller, inspect the car and drive it home.</li>
      </ol>

      <h2>What we stand for</h2>
      <ul>
        <li>
          <strong>Clear prices.</strong> Every listing shows what the car cost new and what the seller asks today.
        </li>
        <li>
          <strong>Real people.</strong> Sellers list their own cars, and each listing names the owner.
        </li>
        <li>
          <strong>Safe bookings.</strong> Booking payments go through a card payment provider, and your dashboard shows whether each booking is paid.
        </li>
      </ul>
    </Page>
  );
}
