import { useParams } from 'react-router-dom';
import type { Category } from '@usedcars/shared-contract';
import { CATEGORY_PATHS } from '@usedcars/shared-contract';
import { usePageTitle } from '@usedcars/shared-ui';

/** A car's page, loaded by id (SPEC.md §2 "Car detail"). */
export default function CarDetailPage({ category }: { category: Category }) {
  const { id } = useParams();
  usePageTitle('Used Cars');
  return (
    <section aria-label={`${CATEGORY_PATHS[category].label} car ${id ?? ''}`}>
      <h1>{CATEGORY_PATHS[category].label}</h1>
    </section>
  );
}
