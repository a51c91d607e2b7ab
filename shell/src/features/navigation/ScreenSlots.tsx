import { Activity, Fragment, memo, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useRoutes,
  NavigationType,
  type Location,
  type RouteObject,
} from 'react-router-dom';
import { NavigationStoresContext, noSubscription } from './navigationStores';

interface Slot {
  key: string;
  location: Location;
  navigationType: NavigationType;
}

function ScreenRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The screens of one address, told that address (and how it was reached) whatever the page's router shows. */
const SlotScreens = memo(function SlotScreens({ routes, location, navigationType }: { routes: RouteObject[] } & Omit<Slot, 'key'>) {
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <LocationContext.Provider value={value}>
      <ScreenRoutes routes={routes} />
    </LocationContext.Provider>
  );
});

/** The slot of the page's first screen, never rendered ahead. */
const FIRST = 'first';

const nothingAhead = () => null;

const sameAddress = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search;

/**
 * The main area's screens (docs/architecture.md, "Rendered before the click"): the address on show,
 * and, out of sight in a hidden Activity, the one the visitor is about to open (prerender.ts). A
 * move to that address shows the slot already rendered, under the same key, instead of rendering it
 * then. Back and Forward, a link with state or a hash, render as usual.
 */
export function ScreenSlots({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const prerender = useContext(NavigationStoresContext)?.prerender;
  const ahead = useSyncExternalStore(prerender?.subscribe ?? noSubscription, prerender?.target ?? nothingAhead, nothingAhead);
  const [slots, setSlots] = useState<{ seen: Location; shown: Slot }>(() => ({ seen: location, shown: { key: FIRST, location, navigationType } }));

  let shown = slots.shown;
  if (slots.seen !== location) {
    const adopt =
      !!ahead &&
      ahead.key !== shown.key &&
      navigationType !== NavigationType.Pop &&
      location.state == null &&
      !location.hash &&
      sameAddress(ahead.location, location);
    shown = adopt ? { key: ahead.key, location: ahead.location, navigationType: NavigationType.Push } : { key: shown.key, location, navigationType };
    setSlots({ seen: location, shown });
  }
  const hidden = ahead && ahead.key !== shown.key && !sameAddress(ahead.location, location) ? ahead : null;

  const screens = <SlotScreens routes={routes} location={shown.location} navigationType={shown.navigationType} />;
  return (
    <>
      {shown.key === FIRST ? (
        // The page's first screen hydrates in the page's first pass, as the server rendered it: an
        // Activity boundary would hydrate after it, once a screen kept as the server rendered it is let go.
        <Fragment key={FIRST}>{screens}</Fragment>
      ) : (
        <Activity key={shown.key} mode="visible">
          {screens}
        </Activity>
      )}
      {hidden && (
        <Activity key={hidden.key} mode="hidden">
          <SlotScreens routes={routes} location={hidden.location} navigationType={NavigationType.Push} />
        </Activity>
      )}
    </>
  );
}
