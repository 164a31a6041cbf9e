import type { Connection, Model } from 'mongoose';
import { AppError } from '@swapbooth/service-kit';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { AdminRole, AdminUser } from '../../domain/admin-user';
import type { AdminUserRepository } from '../../domain/ports';
import { adminUserModel, type AdminUserDoc } from './admin-user.model';

const toUser = (d: AdminUserDoc): AdminUser => ({
  id: d._id,
  email: d.email,
  passwordHash: d.passwordHash,
  role: d.role as AdminRole,
  permissions: { ...(d.permissions ?? {}) },
  failedAttempts: d.failedAttempts ?? 0,
  ...(d.lockedUntil ? { lockedUntil: d.lockedUntil } : {}),
  ...(d.lastSignInAt ? { lastSignInAt: d.lastSignInAt } : {}),
  createdAt: d.createdAt,
  version: d.version,
});

const toDoc = (u: AdminUser): AdminUserDoc => ({
  _id: u.id,
  email: u.email,
  passwordHash: u.passwordHash,
  role: u.role,
  permissions: u.permissions as Record<string, boolean>,
  failedAttempts: u.failedAttempts,
  lockedUntil: u.lockedUntil ?? null,
  lastSignInAt: u.lastSignInAt ?? null,
  createdAt: u.createdAt,
  version: u.version,
});

export class AdminUsersRepository implements AdminUserRepository {
  private readonly model: Model<AdminUserDoc>;

  constructor(conn: Connection) {
    this.model = adminUserModel(conn);
  }

  async byId(id: string) {
    const d = await this.model.findById(id).lean<AdminUserDoc>().exec();
    return d ? toUser(d) : undefined;
  }

  async byEmail(email: string) {
    const d = await this.model.findOne({ email }).lean<AdminUserDoc>().exec();
    return d ? toUser(d) : undefined;
  }

  async insert(user: AdminUser) {
    try {
      await this.model.collection.insertOne(toDoc(user) as never);
    } catch (err) {
      if (isDuplicateKey(err)) throw AppError.conflict('An admin with this e-mail already exists');
      throw err;
    }
  }

  async replace(user: AdminUser, expectedVersion: number) {
    const res = await this.model
      .replaceOne({ _id: user.id, version: expectedVersion }, toDoc(user))
      .exec();
    return res.matchedCount === 1;
  }
}
