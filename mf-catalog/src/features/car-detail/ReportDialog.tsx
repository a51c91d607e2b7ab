import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { ApiError } from '@usedcars/shared-api';
import { reportListing } from '@usedcars/shared-api/moderation';
import { REPORT_REASONS, REPORT_REASON_LABELS, type Car, type ReportInput, type ReportReason } from '@usedcars/shared-contract';
import { Button, errorText } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, FormActions, FormRefusal, TextArea } from '@usedcars/shared-ui/form';
import { FORM_UNCHECKED, loadFormSchemas } from '../../lib/loadFormSchemas';

export const REPORT_TEXTS = {
  thanks: "Thanks, we'll take a look",
  already: 'You already reported this car',
  chooseReason: 'Choose a reason',
} as const;

export type ReportOutcome = 'sent' | 'already';

/**
 * Report a listing (docs/product.md, "Car detail"): a reason from the short list and optional
 * words for the moderators, checked with the API's own schema. Once sent (or already sent
 * before: the API's 409), the dialog says so in place of the form.
 */
export function ReportDialog({ car, onClose, onReported }: { car: Car; onClose: () => void; onReported: (outcome: ReportOutcome) => void }) {
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [unchecked, setUnchecked] = useState(false);
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => void loadFormSchemas().catch(() => undefined), []);
  // The form that had the focus is gone: the one button left takes it.
  useEffect(() => {
    if (outcome) done.current?.focus();
  }, [outcome]);
  const sending = useMutation({
    mutationFn: (input: ReportInput) => reportListing(input),
    onSuccess: () => finish('sent'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) finish('already');
    },
  });

  function finish(result: ReportOutcome) {
    setOutcome(result);
    onReported(result);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissingReason(reason === '');
    const schemas = await loadFormSchemas().catch(() => null);
    setUnchecked(schemas === null);
    const input = schemas?.reportInputSchema.safeParse({ carId: car._id, reason: reason || undefined, text: text.trim() === '' ? undefined : text });
    if (input?.success) sending.mutate(input.data);
  };
  const close = () => {
    if (!sending.isPending) onClose();
  };

  return (
    <Dialog title="Report this listing" onClose={close}>
      {outcome ? (
        <Done>
          <p role="status">{outcome === 'sent' ? REPORT_TEXTS.thanks : REPORT_TEXTS.already}</p>
          <Button ref={done} type="button" onClick={close}>
            Done
          </Button>
        </Done>
      ) : (
        <Form noValidate onSubmit={submit} aria-busy={sending.isPending} aria-label={`Report ${car.carName}`}>
          <Reasons aria-describedby={missingReason ? `${formId}-reason-error` : undefined}>
            <legend>Why are you reporting {car.carName}?</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value}>
                <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
            {missingReason && reason === '' && <FormRefusal id={`${formId}-reason-error`}>{REPORT_TEXTS.chooseReason}</FormRefusal>}
          </Reasons>
          <Field label="Anything the moderators should know (optional)">
            <TextArea name="text" dir="auto" rows={3} maxLength={1000} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <div role="alert">
            {unchecked && <FormRefusal>{FORM_UNCHECKED}</FormRefusal>}
            {sending.isError && !(sending.error instanceof ApiError && sending.error.status === 409) && <FormRefusal>{errorText(sending.error)}</FormRefusal>}
          </div>
          <FormActions pending={sending.isPending} onCancel={close} submit="Send report" sending="Sending…" />
        </Form>
      )}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Reasons = styled.fieldset`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 8px;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 44px;
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
  }
`;

const Done = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
  p {
    margin: 0;
    font-weight: 600;
  }
`;
