import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, CATEGORY_PATHS } from '@usedcars/shared-contract';

/** The brand lists as links inside a sentence, "Audi, Honda or Mercedes-Benz": where an empty list sends a buyer browsing. */
export function BrandLinks() {
  return (
    <>
      {CATEGORIES.map((category, index) => (
        <Fragment key={category}>
          {index > 0 && (index === CATEGORIES.length - 1 ? ' or ' : ', ')}
          <Link to={CATEGORY_PATHS[category].listRoute}>{CATEGORY_PATHS[category].label}</Link>
        </Fragment>
      ))}
    </>
  );
}
