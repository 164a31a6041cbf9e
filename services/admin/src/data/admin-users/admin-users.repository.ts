import type { Connection, Model } from 'mongoose';
import { AppError } from '@swapbooth/service-kit';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { AdminRole, AdminStatus, AdminUser } from '../../domain/admin-user';
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
  status: (d.status ?? 'active') as AdminStatus,
  ...(d.sessionsValidAfter ? { sessionsValidAfter: d.sessionsValidAfter } : {}),
  ...(d.passwordReset ? { passwordReset: { ...d.passwordReset } } : {}),
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
  status: u.status,
  sessionsValidAfter: u.sessionsValidAfter ?? null,
  passwordReset: u.passwordReset ?? null,
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

  async list() {
    const docs = await this.model
      .find()
      .sort({ createdAt: 1, _id: 1 })
      .lean<AdminUserDoc[]>()
      .exec();
    return docs.map(toUser);
  }

  async byResetTokenHash(tokenHash: string) {
    const d = await this.model
      .findOne({ 'passwordReset.tokenHash': tokenHash })
      .lean<AdminUserDoc>()
      .exec();
    return d ? toUser(d) : undefined;
  }

  countActiveExecutives() {
    // Accounts from before the status field are active.
    return this.model
      .countDocuments({ role: 'executive', status: { $in: ['active', null] } })
      .exec();
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
