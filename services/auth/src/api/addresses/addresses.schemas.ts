import { z } from 'zod';
import {
  addressLimits as L,
  booleanish,
  phoneSchema,
  withoutNulls,
  zipSchema,
} from '../address-fields.schemas';
import { optionalText, requiredText } from '../common.schemas';

/** SPEC §3 address fields, as the address calls spell them. Other fields are dropped. */
const fields = {
  country: requiredText(L.country),
  state: requiredText(L.state),
  city: requiredText(L.city),
  zip_code: zipSchema,
  street1: requiredText(L.street1),
  street2: optionalText(L.street2),
  full_name: optionalText(L.fullName),
  phone: phoneSchema.optional(),
  is_default: booleanish.optional(),
};

export const createAddressSchema = z.preprocess(
  withoutNulls,
  z.object({ ...fields, country: fields.country.default('US') }),
);

export const updateAddressSchema = z.preprocess(
  withoutNulls,
  z.object({
    ...fields,
    country: fields.country.optional(),
    state: fields.state.optional(),
    city: fields.city.optional(),
    zip_code: fields.zip_code.optional(),
    street1: fields.street1.optional(),
  }),
);

export const setDefaultSchema = z.preprocess(
  withoutNulls,
  z.object({ is_default: booleanish.optional().default(true) }),
);

export type CreateAddress = z.infer<typeof createAddressSchema>;
export type UpdateAddress = z.infer<typeof updateAddressSchema>;
