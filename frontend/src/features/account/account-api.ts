import type {
  AddressResponse,
  ApiSuccess,
  SessionTokenResponse,
  changePasswordSchema,
  createAddressFields,
  profileSaveFields,
  setDefaultAddressBody,
  updateAddressFields,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';
import { toAddress, type Address } from '../../app/member-api';

export { useGetAddressesQuery } from '../../app/member-api';

/** The SPEC §3 profile save payload. */
export type ProfileSave = RequestBody<typeof profileSaveFields>;

/** A new address (`POST /api/addresses`). */
export type AddressInput = RequestBody<typeof createAddressFields>;

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
    updateAddress: build.mutation<
      Address,
      { id: string; body: RequestBody<typeof updateAddressFields> }
    >({
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
        body: { user_id: userId, is_default: true } satisfies RequestBody<
          typeof setDefaultAddressBody
        >,
      }),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: `/address/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses', 'Profile'],
    }),
    changePassword: build.mutation<
      { token: string; message: string },
      RequestBody<typeof changePasswordSchema>
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
