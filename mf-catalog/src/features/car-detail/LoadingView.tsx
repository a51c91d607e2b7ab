import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import { SkeletonBlock } from '../../components/Skeleton';
import { Layout } from './CarLayout';

/** The main photo's box while the car loads (the gallery reserves the same). */
const Picture = styled.div`
  aspect-ratio: 16 / 10;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.color.line};
`;

/** The car's page while the car loads: the same boxes, empty. */
export function LoadingView() {
  return (
    <Layout aria-hidden="true" data-testid="car-skeleton">
      <Picture>
        <SkeletonBlock $height="100%" style={{ borderRadius: 0 }} />
      </Picture>
      <div>
        <SkeletonBlock $height="36px" $width="70%" />
        <SkeletonBlock $height="32px" $width="40%" style={{ margin: '16px 0' }} />
        <SkeletonBlock $height="44px" $width="160px" />
        <SkeletonBlock $height="220px" style={{ marginTop: 24 }} />
      </div>
    </Layout>
  );
}
