import type { ImageVariantsResponse, ProductResponse } from '@swapbooth/contracts';
import type { Booth } from '../../domain/booth';
import type { MemberFacts } from '../../domain/ports';
import { coverOf, type Product } from '../../domain/product';

export interface PresenterDeps {
  members: { findMany(ids: string[]): Promise<Map<string, MemberFacts>> };
  booths: { findByUserIds(ids: string[]): Promise<Map<string, Booth>> };
  /** URL of a resized copy of an uploaded image. */
  variantUrl(key: string, width: number): string;
}

const compact = <T extends object>(o: T): T | undefined => {
  const kept = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? (kept as T) : undefined;
};

/**
 * The listing as the web client shows it: the product card's facts (cover, seller, booth, rating,
 * ID-verified) joined from catalog's own projections. Unknown facts are left out, never guessed.
 */
export class ProductPresenter {
  constructor(private readonly deps: PresenterDeps) {}

  async many(products: Product[]): Promise<ProductResponse[]> {
    const sellers = [...new Set(products.map((p) => p.userId))];
    const [members, booths] = await Promise.all([
      this.deps.members.findMany(sellers),
      this.deps.booths.findByUserIds(sellers),
    ]);
    return products.map((p) => this.view(p, members.get(p.userId), booths.get(p.userId)));
  }

  async one(product: Product): Promise<ProductResponse> {
    return (await this.many([product]))[0]!;
  }

  private variants(key: string): ImageVariantsResponse {
    const url = (w: number) => this.deps.variantUrl(key, w);
    return { 300: url(300), 600: url(600), 900: url(900) };
  }

  view(p: Product, member?: MemberFacts, booth?: Booth): ProductResponse {
    const cover = coverOf(p);
    const images = [...p.images]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((i) => ({
        image_url: i.url,
        is_default: i.isDefault,
        display_order: i.displayOrder,
        variants: this.variants(i.key),
      }));
    return {
      product_id: p.id,
      slug: p.slug,
      title: p.title,
      description: p.description,
      category: p.category,
      subCategory: p.subCategory,
      brand: p.brand,
      condition: p.condition,
      color: p.color,
      type: p.type,
      weight: p.weight,
      status: p.status,
      tags: p.tags,
      search_text: p.searchText,
      images,
      cover_image: cover?.url,
      cover_variants: cover ? this.variants(cover.key) : undefined,
      addressId: p.location?.addressId,
      location: p.location
        ? compact({
            city: p.location.city,
            state: p.location.state,
            zip_code: p.location.zipCode,
            country: p.location.country,
          })
        : undefined,
      userId: p.userId,
      user_id: p.userId,
      user_profile: member
        ? compact({
            first_name: member.firstName,
            last_name: member.lastName,
            username: member.username,
            profile_image: member.profileImage,
            average_rating: member.ratingAverage,
            rating_count: member.ratingCount,
            is_kyc_verified: member.idVerified,
          })
        : undefined,
      booth:
        booth && booth.status !== 'suspended'
          ? {
              booth_id: booth.id,
              name: booth.name,
              username: booth.username,
              interests: booth.interests,
              status: booth.status,
            }
          : undefined,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  }
}
