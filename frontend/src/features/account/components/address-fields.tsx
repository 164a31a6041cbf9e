export interface AddressDraft {
  fullName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressDraft = {
  fullName: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
  phone: '',
};

/** The missing required part of an address, if any. */
export function addressProblem(a: AddressDraft): string | undefined {
  if (!a.street1.trim()) return 'Street address is required.';
  if (!a.city.trim()) return 'City is required.';
  if (!a.state.trim()) return 'State is required.';
  if (!/^\d{5}$/.test(a.zipCode.trim())) return 'ZIP code must be 5 digits.';
  return undefined;
}

export function AddressFields({
  value,
  onChange,
  withName = true,
}: {
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  withName?: boolean;
}) {
  const field = (key: keyof AddressDraft, label: string, props: Record<string, unknown> = {}) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        {...props}
      />
    </label>
  );
  return (
    <div className="form-grid">
      {withName && field('fullName', 'Full name', { autoComplete: 'name' })}
      {withName && field('phone', 'Phone (optional)', { autoComplete: 'tel', inputMode: 'tel' })}
      <div className="form-grid__wide">
        {field('street1', 'Street address', { autoComplete: 'address-line1' })}
      </div>
      <div className="form-grid__wide">
        {field('street2', 'Apartment, suite (optional)', { autoComplete: 'address-line2' })}
      </div>
      {field('city', 'City', { autoComplete: 'address-level2' })}
      {field('state', 'State', { autoComplete: 'address-level1' })}
      {field('zipCode', 'ZIP code', {
        autoComplete: 'postal-code',
        inputMode: 'numeric',
        maxLength: 5,
      })}
      {field('country', 'Country', { autoComplete: 'country' })}
    </div>
  );
}
