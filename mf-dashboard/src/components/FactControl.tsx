import { Input, Select } from '@usedcars/shared-ui/form';
import type { FactSpec } from './carFactFields';

/** A fact's control: a choice with "Choose…" until one is picked, or a whole number. */
export function FactControl({ spec, value, onChange, onBlur }: { spec: FactSpec; value: string; onChange: (value: string) => void; onBlur?: () => void }) {
  if (spec.kind === 'choice') {
    return (
      <Select name={spec.name} value={value} required onBlur={onBlur} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose…</option>
        {spec.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      name={spec.name}
      value={value}
      required
      type="number"
      min="0"
      max={spec.max}
      step="1"
      inputMode="numeric"
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
