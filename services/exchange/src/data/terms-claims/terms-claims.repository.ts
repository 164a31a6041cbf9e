import { createHash } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { TermsClaims } from '../../domain/proposal-ports';
import { termsClaimModel, type TermsClaimDoc } from './terms-claim.model';

/** Keys are hashed: terms can be long, and ids may hold characters a key should not. */
const idOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** The only code that touches the terms_claims collection. */
export class TermsClaimsRepository implements TermsClaims {
  private readonly model: Model<TermsClaimDoc>;

  constructor(conn: Connection) {
    this.model = termsClaimModel(conn);
  }

  async claim(
    key: string,
    proposalId: string,
    at: Date,
  ): Promise<'claimed' | { proposalId: string; at: Date }> {
    const _id = idOf(key);
    for (;;) {
      try {
        await this.model.create({ _id, proposalId, at });
        return 'claimed';
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await this.model.findById(_id).lean<TermsClaimDoc>().exec();
      if (held) return { proposalId: held.proposalId, at: held.at };
    }
  }

  async takeOver(key: string, fromProposalId: string, toProposalId: string, at: Date) {
    const res = await this.model
      .updateOne(
        { _id: idOf(key), proposalId: fromProposalId },
        { $set: { proposalId: toProposalId, at } },
      )
      .exec();
    return res.matchedCount === 1;
  }
}
