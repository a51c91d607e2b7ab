import styled from 'styled-components';

/** The car's page in two columns (one on a phone), for the car and for its skeleton alike. */
export const Layout = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
  gap: 32px;
  align-items: start;
`;
