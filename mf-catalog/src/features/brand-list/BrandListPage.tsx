import styled from 'styled-components';
import { CATEGORY_PATHS, type Category } from '@usedcars/shared-contract';
import { usePageTitle } from '@usedcars/shared-ui';

const Title = styled.h1`
  margin: 32px 0 8px;
`;

/** One brand's cars (SPEC.md §2 "Brand lists"); the grid arrives with the catalog issue. */
export default function BrandListPage({ category }: { category: Category }) {
  usePageTitle('Used Cars');
  return (
    <section aria-labelledby="brand-title">
      <Title id="brand-title">{CATEGORY_PATHS[category].label} cars</Title>
    </section>
  );
}
