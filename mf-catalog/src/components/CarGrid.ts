import styled from 'styled-components';

/** The brand list's grid: one column at 375 px, as many 280 px cards as fit on wider screens. */
export const CarGrid = styled.ul<{ $busy?: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity 0.15s;
`;
