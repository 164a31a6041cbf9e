import { AppError } from '@swapbooth/service-kit';
import type { ProductType } from './product';

export interface Category {
  catId: string;
  category: string;
  type: ProductType;
  subcategories: string[];
  order: number;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The category taxonomy: resolves what a client sent to canonical names, or a 400. */
export class Taxonomy {
  constructor(private readonly categories: readonly Category[]) {}

  all(): readonly Category[] {
    return this.categories;
  }

  /** Accepts a category by id or name (any case) and a subcategory of it; checks the type matches. */
  resolve(
    category: string,
    subCategory: string | undefined,
    type: ProductType,
  ): { category: string; subCategory?: string } {
    const found = this.categories.find(
      (c) => norm(c.catId) === norm(category) || norm(c.category) === norm(category),
    );
    if (!found) throw AppError.invalid('category: not one of our categories', 'category');
    if (found.type !== type) {
      throw AppError.invalid(
        `category: ${found.category} is a${found.type === 'item' ? 'n item' : ' service'} category, not for a ${type}`,
        'category',
      );
    }
    if (subCategory === undefined || subCategory.trim() === '') return { category: found.category };
    const sub = found.subcategories.find((s) => norm(s) === norm(subCategory));
    if (!sub) {
      throw AppError.invalid(`subCategory: not a subcategory of ${found.category}`, 'subCategory');
    }
    return { category: found.category, subCategory: sub };
  }
}
