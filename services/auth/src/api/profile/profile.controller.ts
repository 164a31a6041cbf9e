import type { EmailLookupResponse, ProfileResponse } from '@swapbooth/contracts';
import { assertSelf, handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { AddressPatch } from '../../domain/address-book';
import type { ProfileChanges } from '../../domain/profiles';
import { addressView, userProfileView } from '../presenters';
import { emailParams, profileSaveSchema, type ProfileSave } from './profile.schemas';

/** Empty strings clear optional fields but never blank out a required address part. */
const given = (v: string | undefined) => (v === '' ? undefined : v);

function toChanges(b: ProfileSave): ProfileChanges {
  const address: AddressPatch = {
    country: given(b.country),
    state: given(b.state),
    city: given(b.city),
    zipCode: given(b.zipCode),
    street1: given(b.street1),
    street2: b.street2,
    fullName: b.fullName,
    phone: b.addressPhone,
  };
  const hasAddress = Object.values(address).some((v) => v !== undefined && v !== '');
  return {
    profile: {
      firstName: b.firstName,
      lastName: b.lastName,
      phone: b.phone,
      dob: b.dob,
      gender: b.gender,
      profileImage: b.profileImage,
    },
    ...(hasAddress ? { address } : {}),
    ...(b.email ? { email: b.email } : {}),
  };
}

/** The member's own profile, and looking members up by e-mail. */
export function profileController(deps: AuthDeps) {
  const view = async (
    userId: string,
    authorization: string | undefined,
  ): Promise<ProfileResponse> => {
    const { user, stripeData } = await deps.profiles.view(userId, authorization);
    const address = await deps.addresses.getDefault(userId);
    return {
      user_profile: userProfileView(user),
      stripe_data: stripeData,
      default_address: address ? addressView(address) : null,
    };
  };

  return {
    get: handle(async (req, res) => {
      const data = await view(principalOf(req).userId, req.headers.authorization);
      res.json({ success: true, data });
    }),

    save: handle(async (req, res) => {
      const me = assertSelf(req, (req.body as { userId?: unknown } | undefined)?.userId);
      const body = parse(profileSaveSchema, req.body);
      await deps.profiles.save(me, toChanges(body));
      const data = await view(me, req.headers.authorization);
      res.json({ success: true, data, message: 'Profile saved' });
    }),

    byEmail: handle(async (req, res) => {
      const { email } = parse(emailParams, req.params, 'email');
      const user = await deps.profiles.lookupByEmail(email);
      res.json({
        success: true,
        data: { exists: user !== null, user } satisfies EmailLookupResponse,
      });
    }),
  };
}
