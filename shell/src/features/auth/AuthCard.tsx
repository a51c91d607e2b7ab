import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

/** The frame shared by Login and Register. */
export const AuthCard = styled.section`
  max-width: 440px;
  margin: 40px auto;
  padding: 32px 28px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h1 {
    margin: 0 0 20px;
    text-align: center;
  }
  form {
    display: grid;
    gap: 16px;
  }
  p {
    text-align: center;
    color: ${theme.color.muted};
  }
  @media (max-width: 480px) {
    margin: 16px auto;
    padding: 24px 16px;
  }
`;

export const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${theme.color.muted};
  margin: 8px 0;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${theme.color.line};
  }
`;
