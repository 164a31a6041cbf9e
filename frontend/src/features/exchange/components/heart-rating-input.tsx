import { useId } from 'react';
import { Heart, heartFills, HEART_COUNT } from '../../../components/hearts';

/** 1 to 5 hearts in halves: 1, 1.5, 2, … 5. */
export const RATING_VALUES = Array.from({ length: 2 * HEART_COUNT - 1 }, (_, i) => 1 + i / 2);

const heartsLabel = (v: number) => `${v} heart${v === 1 ? '' : 's'}`;

/**
 * Picks a rating with hearts: the left half of a heart gives a half, the right half a whole one.
 * Each choice is a radio button named "4.5 hearts" and so on.
 */
export function HeartRatingInput({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange(v: number): void;
  label: string;
}) {
  const id = useId();
  const fills = heartFills(value);
  const choice = (v: number, half: 'left' | 'right' | 'whole') => (
    <button
      key={v}
      type="button"
      role="radio"
      aria-checked={value === v}
      aria-label={heartsLabel(v)}
      className={`heart-input__hit heart-input__hit--${half}`}
      onClick={() => onChange(v)}
    />
  );
  return (
    <div className="heart-input" role="radiogroup" aria-label={label}>
      {fills.map((fill, i) => {
        const whole = i + 1;
        return (
          <span key={whole} className="heart-input__heart">
            <Heart fill={fill} id={`${id}-half`} />
            {whole === 1
              ? choice(1, 'whole')
              : [choice(whole - 0.5, 'left'), choice(whole, 'right')]}
          </span>
        );
      })}
      <span className="heart-input__value" aria-hidden="true">
        {value ? `${value} / ${HEART_COUNT}` : ''}
      </span>
    </div>
  );
}
