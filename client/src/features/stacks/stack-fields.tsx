import { useId } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { CountedInput } from '../../components/counted-field';
import type { StackDraft } from './stack-draft';

interface StackFieldsProps {
  draft: StackDraft;
  onChange(draft: StackDraft): void;
  disabled?: boolean;
}

/** The name and the six positions (spec 2 §5 labels), shared by the create and edit forms. */
export function StackFields({ draft, onChange, disabled }: StackFieldsProps) {
  const nameId = useId();
  return (
    <>
      <CountedInput
        id={nameId}
        label="Stack Name (max 32 characters):"
        value={draft.name}
        max={LIMITS.stackNameMax}
        disabled={disabled}
        onChange={(name) => onChange({ ...draft, name })}
      />
      <fieldset className="space-y-2">
        <legend className="label-text pb-1">Positions (6 required)</legend>
        {draft.positions.map((position, index) => (
          <input
            key={index}
            className="input input-sm w-full"
            aria-label={`Position ${index + 1}`}
            placeholder={`Position ${index + 1}`}
            value={position}
            maxLength={LIMITS.positionMax}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => onChange({ ...draft, positions: draft.positions.map((p, i) => (i === index ? event.target.value : p)) })}
          />
        ))}
      </fieldset>
    </>
  );
}
