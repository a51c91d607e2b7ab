import styled from 'styled-components';

/** A screen of this remote: one centred column under the shell's header. */
export const Screen = styled.section`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 0 48px;
`;
