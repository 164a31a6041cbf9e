import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { CatalogConfig } from './config';
import { subscriptions } from './events/subscriptions';
import { depsOf } from './deps';
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

export type CatalogOverrides = Partial<
  Pick<ServiceDefinition<CatalogConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the catalog service: its database, event plumbing and HTTP API. */
export function startCatalogService(
  config: Readonly<CatalogConfig>,
  overrides: CatalogOverrides = {},
): Promise<RunningService<CatalogConfig>> {
  return startServiceRuntime<CatalogConfig>({
    name: 'catalog',
    config,
    models: (conn) => {
      bagItemModel(conn);
      memberModel(conn);
      categoryModel(conn);
      // Aggregates whose events go out through the outbox.
      return [productModel(conn), boothModel(conn), likeModel(conn), reportModel(conn)];
    },
    subscriptions,
    onStart: async (ctx) => {
      const deps = depsOf(ctx);
      await deps.categories.seed();
      deps.taxonomy = new Taxonomy(await deps.categories.all());
      await deps.storage.ensureReady();
    },
    onStop: async (ctx) => {
      depsOf(ctx).storage.close();
    },
    readiness: (ctx) => ({
      storage: async () => {
        const { storage } = depsOf(ctx);
        await storage.exists(
          `products/readiness/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.jpg`,
        );
      },
    }),
    routes: (app, ctx) => {
      const deps = depsOf(ctx);
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
