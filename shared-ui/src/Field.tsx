import { createContext, useContext, useId, type ComponentPropsWithRef, type ReactNode, type Ref } from 'react';
import styled, { css } from 'styled-components';
// The entry, not './theme': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { Button, GhostButton, theme } from '@usedcars/shared-ui';

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** For a form that moves the focus to a field itself. */
  id?: string;
  className?: string;
  children: ReactNode;
}

interface FieldWiring {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldWiring | null>(null);

/** Label, hint and message wired to the control, so every form reads the same to a screen reader. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const madeUpId = useId();
  const controlId = id ?? madeUpId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Root className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error) }}>{children}</FieldContext.Provider>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
    </Root>
  );
}

type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' };

/** The Field's id wins, or its label would name nothing. */
function useFieldWiring<P extends ControlProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: field.id,
    'aria-describedby': [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
  };
}

/* One look for every text box, list and text area: a 44-px finger target, 16-px text (a
   smaller font makes iOS zoom into the page on focus), a border dark enough to find the
   control by (3:1 against the page at least). */
const control = css`
  box-sizing: border-box;
  display: block;
  width: 100%;
  min-width: 0;
  max-width: 100%;
  min-height: 44px;
  margin: 0;
  padding: 10px 12px;
  font: 400 16px/1.25 ${theme.font};
  color: ${theme.color.ink};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.muted};
  border-radius: ${theme.radius};
  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
    box-shadow: inset 0 0 0 1px ${theme.color.danger};
  }
  /* Shown but not to be changed: it reads as a value, not as a box to fill in. */
  &[readonly] {
    background: ${theme.color.canvas};
    border-color: ${theme.color.line};
  }
  &:disabled {
    color: ${theme.color.muted};
    background: ${theme.color.canvas};
    border-color: ${theme.color.line};
    cursor: not-allowed;
  }
`;

const InputControl = styled.input`
  ${control};
`;

const SelectControl = styled.select`
  ${control};
`;

const TextAreaControl = styled.textarea`
  ${control};
  line-height: 1.4;
  resize: vertical;
`;

export function Input(props: ComponentPropsWithRef<'input'>) {
  return <InputControl {...useFieldWiring(props)} />;
}

export function Select(props: ComponentPropsWithRef<'select'>) {
  return <SelectControl {...useFieldWiring(props)} />;
}

export function TextArea(props: ComponentPropsWithRef<'textarea'>) {
  return <TextAreaControl {...useFieldWiring(props)} />;
}

const Root = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  align-content: start;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-size: 15px;
  font-weight: 600;
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const Hint = styled.span`
  font-size: 14px;
  color: ${theme.color.muted};
`;

/* Kept out of the <label>, so it is the control's description and not part of its name. */
const ErrorMessage = styled.span`
  font-size: 14px;
  color: ${theme.color.danger};
`;

export interface FormActionsProps {
  pending: boolean;
  onCancel: () => void;
  submit: string;
  sending?: string;
  /** For a dialog that puts the focus on Cancel first, so Enter does no harm. */
  cancelRef?: Ref<HTMLButtonElement>;
}

export function FormActions({ pending, onCancel, submit, sending = 'Saving…', cancelRef }: FormActionsProps) {
  return (
    <Actions>
      <GhostButton ref={cancelRef} type="button" onClick={onCancel} disabled={pending}>
        Cancel
      </GhostButton>
      <Button type="submit" disabled={pending}>
        {pending ? sending : submit}
      </Button>
    </Actions>
  );
}

export const FormRefusal = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;
