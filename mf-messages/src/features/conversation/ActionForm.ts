import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

/** The form an action under the thread opens (a report, an admin's suspension), under its buttons. */
export const ActionForm = styled.form`
  display: grid;
  gap: 8px;
  max-width: 480px;
  margin-top: 16px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${theme.color.muted};
  }
  button {
    justify-self: start;
  }
`;
