import { Schema, type Connection, type Model } from 'mongoose';

export interface CategoryDoc {
  _id: string;
  category: string;
  type: 'item' | 'service';
  subcategories: string[];
  order: number;
}

const categorySchema = new Schema<CategoryDoc>(
  {
    _id: { type: String },
    category: { type: String, required: true },
    type: { type: String, required: true },
    subcategories: { type: [String], default: [] },
    order: { type: Number, required: true },
  },
  { versionKey: false },
);

export function categoryModel(conn: Connection): Model<CategoryDoc> {
  return (
    (conn.models.Category as Model<CategoryDoc> | undefined) ??
    conn.model<CategoryDoc>('Category', categorySchema, 'categories')
  );
}
