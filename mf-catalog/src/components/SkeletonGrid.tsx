import { Body, CardShell, Picture } from './CarCard';
import { SkeletonBlock } from './Skeleton';
import { CarGrid } from './CarGrid';

/**
 * Cards' shapes while the first page loads, so the grid does not jump when it arrives. Hidden
 * from screen readers: the results heading announces the loading instead.
 */
export function SkeletonGrid({ count }: { count: number }) {
  return (
    <CarGrid aria-hidden="true" data-testid="car-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <CardShell as="div">
            <Picture>
              <SkeletonBlock $height="100%" style={{ borderRadius: 0 }} />
            </Picture>
            <Body>
              <SkeletonBlock $height="22px" $width="70%" />
              <SkeletonBlock $height="26px" $width="45%" />
              <SkeletonBlock $width="90%" />
              <SkeletonBlock $width="60%" />
              <SkeletonBlock $height="44px" />
            </Body>
          </CardShell>
        </li>
      ))}
    </CarGrid>
  );
}
