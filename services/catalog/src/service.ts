import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { CatalogConfig } from './config';
import { subscriptions } from './events/subscriptions';
import { buildDeps, type CatalogDeps } from './deps';
import { Taxonomy } from './domain/category';
import { productModel } from './data/products/product.model';
import { boothModel } from './data/booths/booth.model';
import { likeModel } from './data/likes/like.model';
import { reportModel } from './data/reports/report.model';
import { bagItemModel } from './data/bag/bag-item.model';
import { memberModel } from './data/users/member.model';
import { categoryModel } from './data/categories/category.model';
import { productsRoutes } from './api/products/products.routes';
import { likesRoutes } from './api/likes/likes.routes';
import { bagRoutes } from './api/bag/bag.routes';
import { imagesRoutes } from './api/images/images.routes';
import { boothsRoutes } from './api/booths/booths.routes';
import { categoriesRoutes } from './api/categories/categories.routes';
import { reportsRoutes } from './api/reports/reports.routes';
import { internalRoutes } from './api/internal/internal.routes';

export type CatalogOverrides = RuntimeOverrides;

/** Starts the catalog service: its database, event plumbing and HTTP API. */
export function startCatalogService(
  config: Readonly<CatalogConfig>,
  overrides: CatalogOverrides = {},
): Promise<RunningService<CatalogConfig, CatalogDeps>> {
  return startServiceRuntime({
    name: 'catalog',
    config,
    models: (conn) => {
      bagItemModel(conn);
      memberModel(conn);
      categoryModel(conn);
      // Aggregates whose events go out through the outbox.
      return [productModel(conn), boothModel(conn), likeModel(conn), reportModel(conn)];
    },
    deps: buildDeps,
    subscriptions,
    onStart: async (deps) => {
      await deps.categories.seed();
      deps.taxonomy = new Taxonomy(await deps.categories.all());
      await deps.storage.ensureReady();
      deps.uploadSweeper.start();
    },
    onStop: async ({ storage, uploadSweeper }) => {
      await uploadSweeper.stop();
      storage.close();
    },
    readiness: ({ storage }) => ({
      storage: async () => {
        await storage.exists(
          `products/readiness/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.jpg`,
        );
      },
    }),
    routes: (app, deps, ctx) => {
      app.use(productsRoutes(ctx, deps));
      app.use(likesRoutes(ctx, deps));
      app.use(bagRoutes(ctx, deps));
      app.use(imagesRoutes(ctx, deps));
      app.use(boothsRoutes(ctx, deps));
      app.use(categoriesRoutes(deps));
      app.use(reportsRoutes(ctx, deps));
      app.use(internalRoutes(ctx, deps));
    },
    ...overrides,
  });
}
