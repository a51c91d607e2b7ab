import styled from 'styled-components';

/** A short label in a rounded fill (a car's state, a deal rating): each badge adds its own colours. */
export const Pill = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  white-space: nowrap;
`;
