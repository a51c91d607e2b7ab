import toast from 'react-hot-toast';
import styled from 'styled-components';
import { SuccessPanel } from './SuccessPanel';
import { SmallButton } from '../../../components/SmallButton';
import { usePinnedRelease, useUnpin } from './useReleases';
import { errorText } from '@usedcars/shared-ui';

/** Says which release this browser is pinned to, if any, with the way back to what visitors get. */
export function PinNotice() {
  const pinned = usePinnedRelease();
  const unpin = useUnpin();
  if (!pinned.data) return null;
  const { remote, version } = pinned.data;
  const unpinText = unpin.isPending ? 'Unpinning…' : 'Unpin';
  const release = () =>
    unpin.mutate(undefined, { onSuccess: () => toast.success(`This browser gets what visitors get again`), onError: (error) => toast.error(errorText(error)) });
  return (
    <Notice role="status">
      <p>
        This browser is pinned to {remote} <code>{version}</code>: its pages load that release whatever the canary.
      </p>
      <SmallButton type="button" onClick={release} disabled={unpin.isPending} aria-label={`${unpinText} ${remote} ${version}`}>
        {unpinText}
      </SmallButton>
    </Notice>
  );
}

const Notice = styled(SuccessPanel)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;
