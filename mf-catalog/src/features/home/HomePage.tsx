import styled from 'styled-components';
import { usePageTitle } from '@usedcars/shared-ui';
import { HeroBanner } from './HeroBanner';
import { CategoryCards } from './CategoryCards';
import { MarketingSections } from './MarketingSections';
import { PromoBanners } from './PromoBanners';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: clamp(40px, 7vw, 72px);
  padding-top: 24px;
`;

/** The landing page (docs/product.md, "Home"): banner, Categories, marketing sections and offers. */
export default function HomePage() {
  usePageTitle('Used Cars');
  return (
    <Stack>
      <HeroBanner />
      <CategoryCards />
      <MarketingSections />
      <PromoBanners />
    </Stack>
  );
}
