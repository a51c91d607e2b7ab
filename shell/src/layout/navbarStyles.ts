import { Link, NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Container, focusRing, theme } from '@usedcars/shared-ui';
import { IconButton } from './IconButton';

const PHONE = '@media (max-width: 768px)';
const WIDE = '@media (min-width: 769px)';

export const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.line};
  box-shadow: ${theme.shadow};
`;

export const SkipLink = styled.a`
  position: absolute;
  left: 16px;
  top: -100px;
  padding: 10px 16px;
  background: ${theme.color.ink};
  color: #fff;
  border-radius: ${theme.radius};
  z-index: 30;
  &:focus {
    top: 8px;
  }
`;

export const Row = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 24px;
  padding-block: 12px;
`;

export const Brand = styled(Link)`
  display: inline-flex;
  padding: 6px 0;
  ${focusRing};
  img {
    width: 154px;
    height: 35px;
  }
`;

/** Beside the Menu button on a phone, after Log Out elsewhere; its place is kept while the bell loads. */
export const BellSlot = styled.div`
  display: flex;
  min-width: 44px;
  min-height: 44px;
  ${PHONE} {
    margin-left: auto;
  }
  ${WIDE} {
    order: 1;
  }
`;

export const MenuButton = styled(IconButton)`
  ${WIDE} {
    display: none;
  }
`;

/**
 * The links sit left, next to the brand, and Login / Log Out in a slot of fixed size at the
 * right: who is signed in is known only after the page has appeared, and what it adds (Dashboard
 * at the end of the links, a button in the slot) then moves nothing already on screen.
 */
export const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: space-between;
  gap: 24px;
  ${PHONE} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-basis: 100%;
    flex-direction: column;
    align-items: stretch;
    gap: 12px;
    padding: 8px 0 16px;
    border-top: 1px solid ${theme.color.line};
  }
`;

export const Links = styled.ul`
  display: flex;
  align-items: center;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  ${PHONE} {
    flex-direction: column;
    align-items: stretch;
  }
`;

export const AuthSlot = styled.div`
  display: flex;
  justify-content: flex-end;
  min-width: 112px;
  min-height: 44px;
  ${PHONE} {
    justify-content: stretch;
    min-width: 0;
    & > * {
      flex: 1;
    }
  }
`;

export const Item = styled(NavLink)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${theme.radius};
  color: ${theme.color.ink};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${theme.color.brand};
    background: ${theme.color.canvas};
  }
  &.active {
    color: ${theme.color.brand};
    box-shadow: inset 0 -3px 0 ${theme.color.brand};
    ${PHONE} {
      box-shadow: inset 3px 0 0 ${theme.color.brand};
      background: ${theme.color.canvas};
    }
  }
  ${focusRing};
`;

/** A count on a brand-coloured pill: unread messages, new notifications. */
export const countBadge = css`
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  background: ${theme.color.brand};
  color: #fff;
  font: 700 12px/20px ${theme.font};
  text-align: center;
`;

/** The unread messages beside Messages; the link's name carries the count in words. */
export const UnreadBadge = styled.span`
  ${countBadge};
  margin-left: 6px;
`;
