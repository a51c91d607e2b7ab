import { Input, Select, TextArea } from '@usedcars/shared-ui/form';
import { FACT_FIELDS } from '../../components/carFactFields';
import { FactControl } from '../../components/FactControl';
import { CATEGORY_OPTIONS, type FieldSpec } from './carForm';

interface CarControlProps {
  spec: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  readOnly?: boolean;
}

/** The control a field's kind calls for; its Field gives it its id, description and validity. */
export function CarControl({ spec, value, onChange, onBlur, readOnly }: CarControlProps) {
  const common = { name: spec.name, value, required: true, onBlur } as const;
  const text = { ...common, readOnly };
  switch (spec.kind) {
    case 'fact':
      return <FactControl spec={FACT_FIELDS.find((fact) => fact.name === spec.name)!} value={value} onChange={onChange} onBlur={onBlur} />;
    case 'category':
      return (
        <Select {...common} onChange={(event) => onChange(event.target.value)}>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    case 'long':
      return <TextArea {...text} dir="auto" rows={4} onChange={(event) => onChange(event.target.value)} />;
    case 'price':
      return <Input {...text} type="number" min="0" step="any" inputMode={spec.inputMode} onChange={(event) => onChange(event.target.value)} />;
    default:
      return (
        <Input
          {...text}
          type={spec.kind === 'url' ? 'url' : spec.kind === 'date' ? 'date' : 'text'}
          // A seller may write in Arabic or Hebrew: the field follows the text's own direction.
          dir={spec.kind === 'text' ? 'auto' : undefined}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete ?? 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
