import styled from 'styled-components';

/** Shared by the form and by the photo uploads that follow it, so the page keeps its shape. */
export const Form = styled.form`
  display: grid;
  gap: 24px;
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;
