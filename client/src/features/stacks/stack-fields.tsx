import { useId } from 'react';
import { LIMITS } from '../../../../shared/limits';
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
      <div className="form-control w-full">
        <div className="flex items-end justify-between pb-1">
          <label className="label-text" htmlFor={nameId}>
            Stack Name (max 32 characters):
          </label>
          <span className="label-text-alt text-base-content/60" aria-hidden="true">
            {draft.name.length}/{LIMITS.stackNameMax}
          </span>
        </div>
        <input
          id={nameId}
          className="input w-full"
          value={draft.name}
          maxLength={LIMITS.stackNameMax}
          autoComplete="off"
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </div>
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
