import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { ButtonLink, theme, usePageTitle } from '@usedcars/shared-ui';
import notFoundUrl from '../../assets/404.svg';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 48px 0 24px;
  text-align: center;
  img {
    width: min(100%, 480px);
    height: auto;
  }
  h1 {
    margin: 8px 0 0;
    font-size: clamp(28px, 5vw, 40px);
  }
  p {
    margin: 0;
    max-width: 46ch;
    color: ${theme.color.muted};
  }
`;

/** Any path the route table does not know (docs/product.md, "Not found"). */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Wrapper aria-labelledby="not-found-heading">
      <img src={notFoundUrl} alt="404 – page not found" width={480} height={300} />
      <h1 id="not-found-heading">Page not found</h1>
      <p>The page you are looking for has moved, sold or never existed. Let’s get you back on the road.</p>
      <ButtonLink to={SITE_PATHS.home}>Back to Home</ButtonLink>
    </Wrapper>
  );
}
