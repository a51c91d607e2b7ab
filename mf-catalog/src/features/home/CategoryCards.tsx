import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CALL_TO_ACTION, CATEGORIES, CATEGORY_PATHS, type Category } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import audiUrl from '../../assets/car-audi.svg';
import hondaUrl from '../../assets/car-honda.svg';
import mercedesUrl from '../../assets/car-mercedes.svg';
import { SectionHeading, SectionIntro } from './sectionStyles';

const PICTURES: Record<Category, string> = { audi: audiUrl, honda: hondaUrl, mercedes: mercedesUrl };

const BLURBS: Record<Category, string> = {
  audi: 'Quattro grip, crisp interiors and clever tech, from A3 hatchbacks to Q5 SUVs.',
  honda: 'Civics, Accords and CR-Vs: reliable, thrifty and built to keep going.',
  mercedes: 'Comfortable sedans, coupes and SUVs, many with full dealer service history.',
};

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};
  overflow: hidden;
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease;
  &:hover {
    transform: translateY(-3px);
    box-shadow: 0 8px 24px rgba(16, 24, 40, 0.14);
  }
  &:focus-within {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
  }
`;

const Body = styled.div`
  padding: 16px 20px 20px;
  h3 {
    margin: 0 0 6px;
    font-size: 20px;
  }
  p {
    margin: 0;
    color: ${theme.color.muted};
  }
`;

/** The whole card is the click target; the link text stays just the make, so its name reads cleanly. */
const CardLink = styled(Link)`
  color: ${theme.color.ink};
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
  &:hover {
    color: ${theme.color.brand};
  }
`;

export function CategoryCards() {
  return (
    <section id="categories" aria-labelledby="categories-heading">
      <SectionHeading id="categories-heading">Categories</SectionHeading>
      <SectionIntro>Pick a make to see every car its owners have listed.</SectionIntro>
      <Grid>
        {CATEGORIES.map((category) => (
          <Card key={category}>
            {/* Lazy: below the hero, so it waits until the first screen is painted. */}
            <img src={PICTURES[category]} alt="" width={320} height={180} loading="lazy" decoding="async" />
            <Body>
              <h3>
                <CardLink to={CATEGORY_PATHS[category].listRoute} {...CALL_TO_ACTION}>
                  {CATEGORY_PATHS[category].label}
                </CardLink>
              </h3>
              <p>{BLURBS[category]}</p>
            </Body>
          </Card>
        ))}
      </Grid>
    </section>
  );
}
