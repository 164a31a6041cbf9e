import type { AddressResponse, ApiSuccess, SessionTokenResponse } from '@swapbooth/contracts';
import { api } from '../../app/api';
import { toAddress, type Address } from '../../app/member-api';

export { useGetAddressesQuery } from '../../app/member-api';

/** The SPEC §3 profile save payload. */
export interface ProfileSave {
  userId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  dob?: string;
  gender?: string;
  profileImage?: string;
  country?: string;
  state?: string;
  city?: string;
  zipCode?: string;
  street1?: string;
  street2?: string;
  fullName?: string;
  addressPhone?: string;
}

export interface AddressInput {
  country: string;
  state: string;
  city: string;
  zip_code: string;
  street1: string;
  street2?: string;
  full_name?: string;
  phone?: string;
  is_default?: boolean;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProfile: build.mutation<void, { body: ProfileSave; create?: boolean }>({
      query: ({ body, create }) => ({ url: '/profile', method: create ? 'POST' : 'PUT', body }),
      invalidatesTags: ['Profile', 'Addresses'],
    }),
    addAddress: build.mutation<Address, AddressInput>({
      query: (body) => ({ url: '/addresses', method: 'POST', body }),
      transformResponse: (body: ApiSuccess<AddressResponse>) => toAddress(body.data),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    updateAddress: build.mutation<Address, { id: string; body: Partial<AddressInput> }>({
      query: ({ id, body }) => ({
        url: `/addresses/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (body: ApiSuccess<AddressResponse>) => toAddress(body.data),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    setDefaultAddress: build.mutation<void, { id: string; userId: string }>({
      query: ({ id, userId }) => ({
        url: `/addresses/default/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { user_id: userId, is_default: true },
      }),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: `/address/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    changePassword: build.mutation<
      { token: string; message: string },
      { currentPassword: string; newPassword: string }
    >({
      query: (body) => ({ url: '/auth/change-password', method: 'PUT', body }),
      transformResponse: (body: ApiSuccess<SessionTokenResponse>) => ({
        token: body.data.token,
        message: body.message ?? '',
      }),
    }),
  }),
});

export const {
  useSaveProfileMutation,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useSetDefaultAddressMutation,
  useDeleteAddressMutation,
  useChangePasswordMutation,
} = accountApi;
