import { useRef, useState } from 'react';
import styled from 'styled-components';
import { FACET_TITLES, facetOptionLabel, type FacetCounts, type FacetName, type FacetSelection, type MileageUnit } from '@usedcars/shared-contract';
import { Button, GhostButton, theme } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { hasFacets, pickedOf, toggleOption } from '../lib/facetParams';

interface FacetPanelProps {
  /** The facets this list offers, in order (a brand list's lack brand). */
  facets: readonly FacetName[];
  counts: FacetCounts | undefined;
  /** Cars matching every filter, for "Show 12 cars". */
  total: number | undefined;
  selection: FacetSelection;
  unit: MileageUnit;
  /** Counts for the last picks are on their way. */
  updating: boolean;
  failed: boolean;
  onChange: (selection: FacetSelection) => void;
}

const Fieldset = styled.fieldset`
  margin: 0 0 16px;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 700;
  }
`;

const Options = styled.ul`
  display: grid;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
  &[data-facet='year'] {
    grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  }
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    flex: none;
  }
  span:first-of-type {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .count {
    color: ${theme.color.muted};
    white-space: nowrap;
  }
`;

const Note = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.muted};
  font-size: 14px;
`;

/** One facet's options with their counts; an option with no car is not shown, unless it is picked (to unpick it). */
function FacetOptions({ facet, props }: { facet: FacetName; props: FacetPanelProps }) {
  const picked = pickedOf(props.selection, facet);
  const counted = props.counts?.[facet] ?? [];
  const options = [...counted, ...picked.filter((value) => !counted.some((option) => option.value === value)).map((value) => ({ value, count: 0 }))];
  if (options.length === 0) return null;
  return (
    <Fieldset>
      <legend>{FACET_TITLES[facet]}</legend>
      <Options data-facet={facet}>
        {options.map((option) => (
          <li key={option.value}>
            <Option>
              <input
                type="checkbox"
                checked={picked.includes(option.value)}
                onChange={() => props.onChange(toggleOption(props.selection, facet, option.value))}
              />
              <span dir={facet === 'city' ? 'auto' : undefined}>{facetOptionLabel(facet, option.value, props.unit)}</span>
              <span className="count">({option.count.toLocaleString('en-US')})</span>
            </Option>
          </li>
        ))}
      </Options>
    </Fieldset>
  );
}

function FacetList(props: FacetPanelProps) {
  return (
    <>
      {props.failed ? <Note role="status">We could not count the options just now; the cars below still follow your filters.</Note> : null}
      {props.facets.map((facet) => (
        <FacetOptions key={facet} facet={facet} props={props} />
      ))}
    </>
  );
}

const Aside = styled.aside`
  align-self: start;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  @media (max-width: 899px) {
    display: none;
  }
  h2 {
    margin: 0 0 12px;
    font-size: 18px;
  }
`;

const PhoneOnly = styled.div`
  @media (min-width: 900px) {
    display: none;
  }
`;

const SheetFooter = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 12px 0 0;
  background: ${theme.color.surface};
  button {
    flex: 1 1 auto;
  }
`;

function picksCount(selection: FacetSelection, facets: readonly FacetName[]): number {
  return facets.reduce((sum, facet) => sum + pickedOf(selection, facet).length, 0);
}

/**
 * The facets (docs/product.md, "Facets"): beside the results on a wide screen; on a phone behind a
 * Filters button, in a sheet that keeps the focus inside and gives it back to the button. Every
 * pick applies at once, so the counts and the cars follow it.
 */
export function FacetPanel(given: FacetPanelProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // A pick shows at once, while the address it changes is taken up (a move the router may hold for a moment).
  const [shown, setShown] = useState<{ for: FacetSelection; selection: FacetSelection } | null>(null);
  const props: FacetPanelProps = {
    ...given,
    selection: shown?.for === given.selection ? shown.selection : given.selection,
    onChange: (selection) => {
      setShown({ for: given.selection, selection });
      given.onChange(selection);
    },
  };
  const done = useRef<HTMLButtonElement>(null);
  const picks = picksCount(props.selection, props.facets);
  const clear = hasFacets(props.selection) ? () => props.onChange({}) : undefined;
  const show = props.total === undefined ? 'Show cars' : `Show ${props.total.toLocaleString('en-US')} ${props.total === 1 ? 'car' : 'cars'}`;
  return (
    <>
      <Aside aria-labelledby="facets-title" aria-busy={props.updating}>
        <h2 id="facets-title">Filter by</h2>
        <FacetList {...props} />
        {clear ? (
          <GhostButton type="button" onClick={clear}>
            Clear all filters
          </GhostButton>
        ) : null}
      </Aside>
      <PhoneOnly>
        <GhostButton type="button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
          {picks > 0 ? `Filters (${picks})` : 'Filters'}
        </GhostButton>
      </PhoneOnly>
      {sheetOpen ? (
        <Dialog title="Filter by" onClose={() => setSheetOpen(false)} size="full" initialFocus={done}>
          <div aria-busy={props.updating}>
            <FacetList {...props} />
          </div>
          <SheetFooter>
            {clear ? (
              <GhostButton type="button" onClick={clear}>
                Clear all
              </GhostButton>
            ) : null}
            <Button ref={done} type="button" onClick={() => setSheetOpen(false)}>
              {show}
            </Button>
          </SheetFooter>
        </Dialog>
      ) : null}
    </>
  );
}
