import type { InputHTMLAttributes } from 'react';

interface CountedLabelProps {
  htmlFor: string;
  label: string;
  count: number;
  max: number;
  className?: string;
  /** Screen readers read the counter too (by default it is for the eye only). */
  announced?: boolean;
}

/** A field's label with its 'n/max' counter on the right. */
export function CountedLabel({ htmlFor, label, count, max, className = 'pb-1', announced }: CountedLabelProps) {
  return (
    <div className={`flex items-end justify-between ${className}`}>
      <label className="label-text" htmlFor={htmlFor}>
        {label}
      </label>
      <span className="label-text-alt text-base-content/60" aria-hidden={announced ? undefined : true}>
        {count}/{max}
      </span>
    </div>
  );
}

interface CountedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'maxLength'> {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange(value: string): void;
}

/** A full-width text input limited to `max` characters (the browser stops typing beyond). */
export function LimitedInput({ value, max, onChange, ...rest }: Omit<CountedInputProps, 'label'>) {
  return <input className="input w-full" value={value} maxLength={max} autoComplete="off" {...rest} onChange={(event) => onChange(event.target.value)} />;
}

/** A `LimitedInput` under its counted label. */
export function CountedInput({ label, ...input }: CountedInputProps) {
  return (
    <div className="form-control w-full">
      <CountedLabel htmlFor={input.id} label={label} count={input.value.length} max={input.max} />
      <LimitedInput {...input} />
    </div>
  );
}
