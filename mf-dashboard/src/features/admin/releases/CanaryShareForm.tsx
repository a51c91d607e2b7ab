import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { Field, Input } from '@usedcars/shared-ui/form';
import { SmallButton } from '../../../components/SmallButton';
import { FORM_UNCHECKED, loadFormSchemas, preloadFormSchemas } from '../../../lib/loadFormSchemas';
import { useCanaryShare } from './useReleases';
import { errorText } from '@usedcars/shared-ui';

/** The canary's share of visitors, 1–99 as the API takes it. */
export function CanaryShareForm({ remote, share }: { remote: string; share: number }) {
  const [value, setValue] = useState(String(share));
  const [error, setError] = useState<string | undefined>();
  const saving = useCanaryShare();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) {
      setError(FORM_UNCHECKED);
      return;
    }
    const checked = schemas.canaryShareField.safeParse(Number(value));
    if (value.trim() === '' || !checked.success) {
      setError('Give a whole number of percent from 1 to 99');
      return;
    }
    setError(undefined);
    saving.mutate(
      { remote, share: checked.data },
      {
        onSuccess: () => toast.success(`The ${remote} canary now gets ${checked.data} % of visitors`),
        onError: (refusal) => toast.error(`The share did not change: ${errorText(refusal)}`),
      },
    );
  };
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} onFocus={preloadFormSchemas} aria-busy={saving.isPending}>
      <ShareField label={`${remote} canary share (%)`} error={error}>
        <Input name="share" type="number" inputMode="numeric" min={1} max={99} step={1} value={value} onChange={(event) => setValue(event.target.value)} />
      </ShareField>
      <SmallButton type="submit" disabled={saving.isPending}>
        {saving.isPending ? 'Saving…' : 'Change share'}
      </SmallButton>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
`;

const ShareField = styled(Field)`
  width: 200px;
  max-width: 100%;
`;
