import styled from 'styled-components';

export const PageTitle = styled.h1`
  margin: 32px 0 16px;
  overflow-wrap: anywhere;
`;

/** Save this search, for Buyers; nothing (and no gap) for anyone else. */
export const SaveRow = styled.div`
  margin-top: 12px;
  &:empty {
    display: none;
  }
`;

/** The facets beside the results on a wide screen; one column, the facets behind a button, on a phone. */
export const ResultsLayout = styled.div`
  margin-top: 24px;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 24px;
  @media (min-width: 900px) {
    grid-template-columns: 250px minmax(0, 1fr);
  }
`;

/** The results' heading, the sort and, on a phone, the Filters button, in one wrapping row. */
export const ResultsBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: 12px 24px;
  margin: 0 0 16px;
  h2 {
    margin: 0;
    font-size: 18px;
    font-weight: 600;
    outline: none;
  }
`;

export const BarTools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
`;
