import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Product } from '../../domain/product';

export type ProductDoc = Omit<Product, 'id'> & { _id: string };

const imageSchema = new Schema(
  {
    key: { type: String, required: true },
    url: { type: String, required: true },
    isDefault: { type: Boolean, required: true },
    displayOrder: { type: Number, required: true },
  },
  { _id: false },
);

const locationSchema = new Schema(
  { addressId: String, zipCode: String, city: String, state: String, country: String },
  { _id: false },
);

const productSchema = new Schema<ProductDoc>(
  {
    _id: { type: String },
    userId: { type: String, required: true },
    // Readable listing URLs: findBySlug; the insert's duplicate key makes a create pick another.
    slug: { type: String, required: true, unique: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    category: { type: String, required: true },
    subCategory: String,
    brand: String,
    condition: String,
    color: String,
    type: { type: String, required: true },
    weight: Number,
    tags: { type: [String], default: [] },
    images: { type: [imageSchema], default: [] },
    location: locationSchema,
    searchText: { type: String, default: '' },
    status: { type: String, required: true },
    reservedBy: String,
    sellerActive: { type: Boolean, default: true },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
// Browse: list({ statuses, activeSellersOnly }) sorted newest first (a merge per status).
productSchema.index({ status: 1, createdAt: -1, _id: -1 });
// A seller's listings: list({ userId, statuses }) newest first, count, and idsOfOwner.
productSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// idsReservedBy(proposalId): the listings a proposal holds.
productSchema.index({ reservedBy: 1 });
productSchema.plugin(outboxPlugin);

export function productModel(conn: Connection): Model<ProductDoc> {
  return (
    (conn.models.Product as Model<ProductDoc> | undefined) ??
    conn.model<ProductDoc>('Product', productSchema, 'products')
  );
}
