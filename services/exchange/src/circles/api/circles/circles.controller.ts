import type { Request, Response } from 'express';
import { parse, principalOf } from '@swapbooth/service-kit';
import type { ExchangeDeps } from '../../../deps';
import { answerCircle, getCircle, myCircles } from '../../domain/circle-life';
import { deleteWantList, myWantLists, putWantList } from '../../domain/want-lists';
import { idParam, ok } from '../../../shared/api/http';
import { CirclePresenter } from './circle-presenter';
import { circleAnswerBody, putWantListBody } from './circles.schemas';

/** HTTP in and out for want lists and circles; each handler calls one use case. The actor is the token's. */
export function circlesController(deps: ExchangeDeps) {
  const circles = deps.circles;
  const presenter = new CirclePresenter(circles, circles.now);
  const param = (req: Request, name: string) => parse(idParam, req.params[name], name);
  const me = (req: Request) => principalOf(req).userId;

  return {
    async wantLists(req: Request, res: Response) {
      const lists = await myWantLists(circles, me(req));
      ok(res, { want_lists: await presenter.wantLists(lists) });
    },
    async putWantList(req: Request, res: Response) {
      const productId = param(req, 'productId');
      const body = parse(putWantListBody, req.body);
      const list = await putWantList(circles, productId, me(req), body.wants);
      ok(res, (await presenter.wantLists([list]))[0]);
    },
    async deleteWantList(req: Request, res: Response) {
      await deleteWantList(circles, param(req, 'productId'), me(req));
      ok(res, null);
    },
    async list(req: Request, res: Response) {
      const mine = await myCircles(circles, me(req));
      ok(res, { circles: await presenter.circles(mine, me(req)) });
    },
    async byId(req: Request, res: Response) {
      const c = await getCircle(circles, param(req, 'id'), me(req));
      ok(res, await presenter.circle(c, me(req)));
    },
    async answer(req: Request, res: Response) {
      const id = param(req, 'id');
      const body = parse(circleAnswerBody, req.body);
      const c = await answerCircle(circles, id, me(req), body.status);
      ok(res, await presenter.circle(c, me(req)));
    },
  };
}
