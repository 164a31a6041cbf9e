import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Member, MemberDirectory } from '../../domain/ports';
import { memberModel, type MemberDoc } from './member.model';

const displayName = (d: MemberDoc): string | undefined => {
  const full = [d.firstName, d.lastName].filter(Boolean).join(' ').trim();
  return full || d.username || undefined;
};

/** The only code that touches the members collection. */
export class MembersRepository implements MemberDirectory {
  private readonly model: Model<MemberDoc>;

  constructor(conn: Connection) {
    this.model = memberModel(conn);
  }

  async get(userId: string): Promise<Member> {
    const d = await this.model.findById(userId).lean<MemberDoc>().exec();
    if (!d) return { userId, emailOff: [] };
    const name = displayName(d);
    return {
      userId,
      ...(d.email ? { email: d.email } : {}),
      ...(name ? { displayName: name } : {}),
      ...(d.subscriptionStatus ? { subscriptionStatus: d.subscriptionStatus } : {}),
      ...(d.subscriptionId ? { subscriptionId: d.subscriptionId } : {}),
      emailOff: d.emailOff ?? [],
    };
  }

  private async set(userId: string, fields: Partial<MemberDoc>): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: fields }, { upsert: true }).exec();
  }

  recordEmail(userId: string, email: string): Promise<void> {
    return this.set(userId, { email });
  }

  async recordProfile(
    userId: string,
    p: { firstName?: string; lastName?: string; username?: string },
    version: number,
  ): Promise<void> {
    const fields: Partial<MemberDoc> = { profileVersion: version };
    if (p.firstName !== undefined) fields.firstName = p.firstName;
    if (p.lastName !== undefined) fields.lastName = p.lastName;
    if (p.username !== undefined) fields.username = p.username;
    // Newest profile version wins: an older one arriving late matches nothing.
    const r = await this.model
      .updateOne(
        {
          _id: userId,
          $or: [{ profileVersion: { $exists: false } }, { profileVersion: { $lt: version } }],
        },
        { $set: fields },
      )
      .exec();
    if (r.matchedCount === 1) return;
    try {
      await this.model.create({ _id: userId, ...fields });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  recordSubscription(userId: string, status: string, subscriptionId?: string): Promise<void> {
    return this.set(userId, {
      subscriptionStatus: status,
      ...(subscriptionId ? { subscriptionId } : {}),
    });
  }

  setEmailOff(userId: string, kinds: string[]): Promise<void> {
    return this.set(userId, { emailOff: kinds });
  }
}
