import type { Connection, Model } from 'mongoose';
import type { Category } from '../../domain/category';
import { isDuplicateKey } from '@swapbooth/event-bus';
import { categoryModel, type CategoryDoc } from './category.model';
import seed from './categories.json';

interface SeedRow {
  cat_id: string;
  category: string;
  type: 'item' | 'service';
  subcategories: string[];
}

/** The taxonomy shipped with the service (src/data/categories/categories.json). */
export const seedCategories: Category[] = (seed as SeedRow[]).map((row, order) => ({
  catId: row.cat_id,
  category: row.category,
  type: row.type,
  subcategories: row.subcategories,
  order,
}));

/** The only code that touches the categories collection. */
export class CategoriesRepository {
  private readonly model: Model<CategoryDoc>;

  constructor(conn: Connection) {
    this.model = categoryModel(conn);
  }

  /** Writes the shipped taxonomy; running it again changes nothing (upsert by cat_id). */
  async seed(categories: readonly Category[] = seedCategories, retry = true): Promise<void> {
    const write = () =>
      this.model.bulkWrite(
        categories.map((c) => ({
          updateOne: {
            filter: { _id: c.catId },
            update: {
              $set: {
                category: c.category,
                type: c.type,
                subcategories: c.subcategories,
                order: c.order,
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    try {
      await write();
    } catch (err) {
      // Two replicas seeding at once: one upsert loses the insert race; the second pass updates.
      if (!retry || !isDuplicateKey(err)) throw err;
      await this.seed(categories, false);
    }
  }

  async all(): Promise<Category[]> {
    const docs = await this.model.find().sort({ order: 1 }).lean<CategoryDoc[]>().exec();
    return docs.map((d) => ({
      catId: d._id,
      category: d.category,
      type: d.type,
      subcategories: d.subcategories,
      order: d.order,
    }));
  }
}
