import { useState } from 'react';

/** Free-text chips (interests, tags): Enter or comma adds one, × removes it. */
export function ChipInput({
  label,
  values,
  onChange,
  max = 20,
  maxLength,
  placeholder,
}: {
  label: string;
  values: string[];
  onChange(values: string[]): void;
  max?: number;
  /** The longest one chip may be. */
  maxLength?: number;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const v = text.trim().replace(/,$/, '').trim();
    if (v && values.length < max && !values.some((x) => x.toLowerCase() === v.toLowerCase()))
      onChange([...values, v]);
    setText('');
  };
  return (
    <div className="field">
      <label className="field__label">
        {label}
        <input
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(e) =>
            e.target.value.endsWith(',')
              ? (setText(e.target.value), undefined)
              : setText(e.target.value)
          }
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              add();
            }
          }}
          onBlur={add}
        />
      </label>
      {values.length > 0 && (
        <div className="chips chips--wrap">
          {values.map((v) => (
            <span key={v} className="chip chip--removable">
              {v}
              <button
                type="button"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
