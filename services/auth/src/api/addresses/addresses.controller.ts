import type { Request } from 'express';
import type { AddressDeletedResponse } from '@swapbooth/contracts';
import { assertSelf, handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { AddressFields, AddressPatch } from '../../domain/address-book';
import { idParams } from '../common.schemas';
import { addressView } from '../presenters';
import {
  createAddressSchema,
  setDefaultSchema,
  updateAddressSchema,
  userIdParams,
  type UpdateAddress,
} from './addresses.schemas';

const toPatch = (b: UpdateAddress): AddressPatch => ({
  country: b.country,
  state: b.state,
  city: b.city,
  zipCode: b.zip_code,
  street1: b.street1,
  street2: b.street2,
  fullName: b.full_name,
  phone: b.phone,
});

/** A `user_id` in the body, when given, must be the caller. */
const callerOf = (req: Request) =>
  assertSelf(req, (req.body as { user_id?: unknown } | undefined)?.user_id);

/** The member's own address book. */
export function addressesController(deps: AuthDeps) {
  const a = deps.addresses;
  return {
    list: handle(async (req, res) => {
      const list = await a.list(principalOf(req).userId);
      res.json({ success: true, data: list.map(addressView) });
    }),

    get: handle(async (req, res) => {
      const { id } = parse(idParams, req.params, 'id');
      res.json({ success: true, data: addressView(await a.get(principalOf(req).userId, id)) });
    }),

    getDefault: handle(async (req, res) => {
      const me = assertSelf(req, parse(userIdParams, req.params, 'userId').userId);
      const address = await a.getDefault(me);
      res.json({
        success: true,
        data: address ? addressView(address) : null,
        ...(address ? {} : { message: 'No default address yet' }),
      });
    }),

    create: handle(async (req, res) => {
      const me = callerOf(req);
      const b = parse(createAddressSchema, req.body);
      const fields: AddressFields = {
        country: b.country,
        state: b.state,
        city: b.city,
        zipCode: b.zip_code,
        street1: b.street1,
        street2: b.street2,
        fullName: b.full_name,
        phone: b.phone,
      };
      const created = await a.add(me, fields, b.is_default === true);
      res.status(201).json({ success: true, data: addressView(created), message: 'Address added' });
    }),

    update: handle(async (req, res) => {
      const me = callerOf(req);
      const { id } = parse(idParams, req.params, 'id');
      const b = parse(updateAddressSchema, req.body);
      const updated = await a.update(me, id, toPatch(b), b.is_default === true);
      res.json({ success: true, data: addressView(updated), message: 'Address updated' });
    }),

    setDefault: handle(async (req, res) => {
      const me = callerOf(req);
      const { id } = parse(idParams, req.params, 'id');
      const { is_default } = parse(setDefaultSchema, req.body);
      const address = await a.setDefault(me, id, is_default);
      res.json({ success: true, data: addressView(address), message: 'Default address updated' });
    }),

    remove: handle(async (req, res) => {
      const { id } = parse(idParams, req.params, 'id');
      const defaultId = await a.remove(principalOf(req).userId, id);
      res.json({
        success: true,
        data: { address_id: id, default_address_id: defaultId } satisfies AddressDeletedResponse,
        message: 'Address deleted',
      });
    }),
  };
}
