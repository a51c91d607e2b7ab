import { useState } from 'react';
import styled from 'styled-components';
import { COMPARE_MAX, type Car } from '@usedcars/shared-contract';
import { focusRing, theme } from '@usedcars/shared-ui';
import { useCompareList } from '../hooks/useCompareList';

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  font: 600 14px/1 ${theme.font};
  cursor: pointer;
  white-space: nowrap;
  &[aria-pressed='true'] {
    border-color: ${theme.color.focus};
    color: ${theme.color.focus};
  }
  ${focusRing};
`;

const Box = styled.span`
  display: inline-block;
  width: 16px;
  height: 16px;
  border: 2px solid currentColor;
  border-radius: 3px;
  [aria-pressed='true'] > & {
    background: currentColor;
  }
`;

const Full = styled.span`
  font-size: 13px;
  color: ${theme.color.danger};
`;

/**
 * Picks a car for the comparison, or takes it out (docs/product.md, "Compare"). A fourth is
 * refused with why: three fit side by side.
 */
export function CompareButton({ car, describedBy }: { car: Car; describedBy?: string }) {
  const { ids, toggle } = useCompareList();
  const [full, setFull] = useState(false);
  const picked = ids.includes(car._id);
  return (
    <span>
      <Toggle type="button" aria-pressed={picked} aria-describedby={describedBy} onClick={() => setFull(toggle(car._id) === 'full')}>
        <Box aria-hidden="true" />
        Compare
      </Toggle>
      <span role="status">{full && !picked ? <Full> You can compare up to {COMPARE_MAX} cars; take one out first.</Full> : null}</span>
    </span>
  );
}
