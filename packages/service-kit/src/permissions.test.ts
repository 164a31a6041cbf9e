import express from 'express';
import request from 'supertest';
import { errorMiddleware } from './errors';
import { createLogger } from './logger';
import type { Principal } from './jwt';
import { mayAccess, requirePermission } from './permissions';

const admin = (role: string, permissions?: Record<string, boolean>): Principal => ({
  userId: 'a1',
  jti: 'j',
  issuedAt: 0,
  expiresAt: 0,
  kind: 'admin',
  role,
  ...(permissions ? { permissions } : {}),
});

describe('admin permissions', () => {
  it('gives admin and executive every area', () => {
    expect(mayAccess(admin('admin'), 'audit')).toBe(true);
    expect(mayAccess(admin('executive'), 'users')).toBe(true);
  });

  it('gives any other role only the areas its map grants', () => {
    const staff = admin('staff', { products: true, users: false });
    expect(mayAccess(staff, 'products')).toBe(true);
    expect(mayAccess(staff, 'users')).toBe(false);
    expect(mayAccess(staff, 'reports')).toBe(false);
  });

  it('never lets a member token through, whatever it claims', () => {
    expect(mayAccess({ ...admin('admin'), kind: 'member' }, 'dashboard')).toBe(false);
    expect(mayAccess(undefined, 'dashboard')).toBe(false);
  });

  it('answers 401 without a principal and 403 naming the permission without the area', async () => {
    const app = express();
    let who: Principal | undefined;
    app.use((req, _res, next) => {
      if (who) req.principal = who;
      next();
    });
    app.get('/x', requirePermission('reports'), (_req, res) => {
      res.json({ success: true });
    });
    app.use(errorMiddleware(createLogger('test', 'silent')));
    who = undefined;
    expect((await request(app).get('/x')).status).toBe(401);
    who = admin('staff', { products: true });
    const denied = await request(app).get('/x');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('This needs the reports permission');
    who = admin('staff', { reports: true });
    expect((await request(app).get('/x')).status).toBe(200);
  });
});
