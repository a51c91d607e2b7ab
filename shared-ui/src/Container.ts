import styled from 'styled-components';
import { theme } from './theme';

/** Centres content at the site's maximum width (docs/product.md, "Footer"); the 16px gutters match the layout's <main>. */
export const Container = styled.div`
  box-sizing: border-box;
  width: 100%;
  max-width: ${theme.containerMaxWidth};
  margin-inline: auto;
  padding-inline: 16px;
`;
