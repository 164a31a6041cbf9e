import type { Request, Response } from 'express';
import type { AvailabilityResponse, BoothViewsResponse } from '@swapbooth/contracts';
import { AppError, assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { recordBoothView } from '../../domain/booth-views';
import { createBooth, nameAvailability, usernameAvailability } from '../../domain/create-booth';
import { updateBooth } from '../../domain/update-booth';
import { actorOf, idParam, ok, viewerOf } from '../http';
import { boothView } from './booth-view';
import { boothAvailabilityParams, createBoothBody, updateBoothBody } from './booths.schemas';

/** HTTP in and out for booths (stores). */
export function boothsController(deps: CatalogDeps) {
  const param = (req: Request, name: string) => parse(idParam, req.params[name], name);
  const value = (req: Request) => parse(boothAvailabilityParams, req.params, 'value').value;

  return {
    async create(req: Request, res: Response) {
      const body = parse(createBoothBody, req.body);
      assertSelf(req, body.user_id);
      const booth = await createBooth(deps, actorOf(req), {
        name: body.name,
        username: body.username,
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.interests ? { interests: body.interests } : {}),
        ...(body.address_id ? { addressId: body.address_id } : {}),
      });
      ok(res, boothView(booth), 201);
    },
    async update(req: Request, res: Response) {
      const patch = parse(updateBoothBody, req.body);
      const booth = await updateBooth(deps, principalOf(req).userId, param(req, 'id'), patch);
      ok(res, boothView(booth));
    },
    async byUser(req: Request, res: Response) {
      const booth = await deps.booths.findByIdOrUser(param(req, 'userId'));
      if (!booth) throw AppError.notFound('Booth not found');
      ok(res, boothView(booth));
    },
    async byUsername(req: Request, res: Response) {
      const booth = await deps.booths.findByUsername(param(req, 'username'));
      if (!booth) throw AppError.notFound('Booth not found');
      ok(res, boothView(booth));
    },
    async checkUsername(req: Request, res: Response) {
      const data: AvailabilityResponse = await usernameAvailability(deps.booths, value(req));
      ok(res, data);
    },
    async checkName(req: Request, res: Response) {
      const data: AvailabilityResponse = await nameAvailability(deps.booths, value(req));
      ok(res, data);
    },
    async recordView(req: Request, res: Response) {
      const viewer = {
        ip: req.ip ?? 'unknown',
        ...(viewerOf(req) ? { userId: viewerOf(req) } : {}),
      };
      const views = await recordBoothView(deps, param(req, 'id'), viewer);
      ok(res, { views } satisfies BoothViewsResponse);
    },
    async views(req: Request, res: Response) {
      const booth = await deps.booths.findByIdOrUser(param(req, 'id'));
      if (!booth) throw AppError.notFound('Booth not found');
      ok(res, { views: booth.views } satisfies BoothViewsResponse);
    },
  };
}
