import type { Connection, Model } from 'mongoose';
import { conversationIdOf, type ChatMessage, type Conversation } from '../../domain/conversation';
import type { ConversationRepository } from '../../domain/ports';
import { conversationModel, type ConversationDoc } from './conversation.model';

const toConversation = (d: ConversationDoc): Conversation => ({
  id: d._id,
  proposalId: d.proposalId,
  senderId: d.senderId,
  receiverId: d.receiverId,
  productIds: d.productIds ?? [],
  offeredProductIds: d.offeredProductIds ?? [],
  accepted: !!d.acceptedAt,
  lastMessage: d.lastMessage?.id
    ? {
        id: d.lastMessage.id,
        conversationId: d._id,
        proposalId: d.proposalId,
        senderId: d.lastMessage.senderId,
        content: d.lastMessage.content,
        createdAt: d.lastMessage.createdAt,
      }
    : null,
  senderUnread: d.senderUnread ?? 0,
  receiverUnread: d.receiverUnread ?? 0,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  version: d.version ?? 0,
});

/** The only code that touches the conversations collection. */
export class ConversationsRepository implements ConversationRepository {
  private readonly model: Model<ConversationDoc>;

  constructor(conn: Connection) {
    this.model = conversationModel(conn);
  }

  async openForProposal(input: {
    proposalId: string;
    senderId: string;
    receiverId: string;
    productIds: string[];
    offeredProductIds: string[];
    acceptedAt?: Date;
  }): Promise<void> {
    const now = new Date();
    await this.model
      .updateOne(
        { _id: conversationIdOf(input.proposalId) },
        {
          $setOnInsert: {
            proposalId: input.proposalId,
            senderId: input.senderId,
            receiverId: input.receiverId,
            participants: [input.senderId, input.receiverId],
            productIds: input.productIds,
            offeredProductIds: input.offeredProductIds,
            lastMessage: null,
            senderUnread: 0,
            receiverUnread: 0,
            createdAt: now,
            updatedAt: now,
            version: 0,
            ...(input.acceptedAt ? { acceptedAt: input.acceptedAt } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  async markAccepted(proposalId: string): Promise<void> {
    await this.model
      .updateOne(
        { _id: conversationIdOf(proposalId), acceptedAt: null },
        { $set: { acceptedAt: new Date() } },
      )
      .exec();
  }

  async updateTerms(
    proposalId: string,
    productIds: string[],
    offeredProductIds: string[],
  ): Promise<void> {
    await this.model
      .updateOne({ _id: conversationIdOf(proposalId) }, { $set: { productIds, offeredProductIds } })
      .exec();
  }

  async byId(id: string): Promise<Conversation | null> {
    // Through the driver: every read of a conversation starts here, and mongoose's query building
    // costs about a third of a small read's CPU.
    const d = await this.model.db
      .collection<ConversationDoc>(this.model.collection.collectionName)
      .findOne({ _id: id });
    return d ? toConversation(d) : null;
  }

  async forUser(userId: string): Promise<Conversation[]> {
    const docs = await this.model
      .find({ participants: userId })
      .sort({ updatedAt: -1 })
      .limit(500)
      .lean<ConversationDoc[]>()
      .exec();
    return docs.map(toConversation);
  }

  async recordMessage(c: Conversation, m: ChatMessage): Promise<boolean> {
    const unreadField = m.senderId === c.senderId ? 'receiverUnread' : 'senderUnread';
    const r = await this.model
      .updateOne(
        { _id: c.id, version: c.version },
        {
          $set: {
            lastMessage: {
              id: m.id,
              senderId: m.senderId,
              content: m.content,
              createdAt: m.createdAt,
            },
            updatedAt: m.createdAt,
            [unreadField]:
              (unreadField === 'receiverUnread' ? c.receiverUnread : c.senderUnread) + 1,
          },
          $inc: { version: 1 },
        },
      )
      .exec();
    return r.modifiedCount === 1;
  }

  async markRead(c: Conversation, userId: string): Promise<boolean> {
    const field = userId === c.senderId ? 'senderUnread' : 'receiverUnread';
    const r = await this.model
      .updateOne({ _id: c.id, version: c.version }, { $set: { [field]: 0 }, $inc: { version: 1 } })
      .exec();
    return r.modifiedCount === 1;
  }
}
