import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font};
    color: ${theme.color.ink};
    background: ${theme.color.canvas};
    line-height: 1.5;
    /* Sellers paste links and part numbers: a word longer than its box breaks rather than
       widening the page (docs/product.md, "Whatever sellers type"). */
    overflow-wrap: anywhere;
  }
  img { max-width: 100%; display: block; }
  a { color: ${theme.color.brand}; }
  :focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  h1, h2, h3 { line-height: 1.2; }
`;
