import { Button, errorText } from '@usedcars/shared-ui';
import { FormRefusal } from '@usedcars/shared-ui/form';

/** The state of the request a form sends, as a mutation has it. */
interface Sending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface SendRowProps {
  sending: Sending;
  /** The submit button's words. */
  submit: string;
  /** Its words while the request is on its way. */
  pending: string;
  /** The refusal region's id, for a form that names it as its description. */
  refusalId?: string;
}

/** A form's foot in this remote: the alert region with the API's refusal, then the submit button. */
export function SendRow({ sending, submit, pending, refusalId }: SendRowProps) {
  return (
    <>
      <div role="alert" id={refusalId}>
        {sending.isError ? <FormRefusal>{errorText(sending.error)}</FormRefusal> : null}
      </div>
      <Button type="submit" disabled={sending.isPending}>
        {sending.isPending ? pending : submit}
      </Button>
    </>
  );
}
