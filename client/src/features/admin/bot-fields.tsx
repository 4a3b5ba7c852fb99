import { WEEKDAY_NAMES } from '../../../../shared/weekdays';

/** Tags typed one per line (a tag may hold no comma, spec 2 §5): trimmed, blank lines dropped. */
export function splitTags(text: string): string[] {
  return text
    .split('\n')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** A bot's weekdays as seven checkboxes, Monday to Sunday (spec 2 §9: 0 is Monday). */
export function WeekdayChoice({ value, onChange }: { value: readonly number[]; onChange(days: number[]): void }) {
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">Weekdays</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WEEKDAY_NAMES.map((name, day) => (
          <label key={name} className="label cursor-pointer gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={value.includes(day)}
              onChange={(event) => onChange(event.target.checked ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day))}
            />
            <span className="label-text">{name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
