import { findAll } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import { toOutbox, withOutbox, type DomainEvent, type EventsWritten } from '@swapbooth/event-bus';
import type { ChatMessage } from '../../domain/conversation';
import type { MessageRepository } from '../../domain/ports';
import { messageModel, type MessageDoc } from './message.model';

const toMessage = (d: MessageDoc): ChatMessage => ({
  id: d._id,
  conversationId: d.conversationId,
  proposalId: d.proposalId,
  senderId: d.senderId,
  content: d.content,
  createdAt: d.createdAt,
});

/** The only code that touches the messages collection. */
export class MessagesRepository implements MessageRepository {
  private readonly model: Model<MessageDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: EventsWritten,
  ) {
    this.model = messageModel(conn);
  }

  async insert(m: ChatMessage, events: DomainEvent[]): Promise<void> {
    await this.model.create({
      _id: m.id,
      conversationId: m.conversationId,
      proposalId: m.proposalId,
      senderId: m.senderId,
      content: m.content,
      createdAt: m.createdAt,
      ...withOutbox(toOutbox(events, 'chat')),
    });
    this.eventsWritten();
  }

  async after(
    conversationId: string,
    since: Date | undefined,
    limit: number,
  ): Promise<ChatMessage[]> {
    const filter = since ? { conversationId, createdAt: { $gt: since } } : { conversationId };
    const docs = await this.model
      .find(filter)
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<MessageDoc[]>()
      .exec();
    return docs.map(toMessage);
  }

  async latest(conversationId: string, limit: number): Promise<ChatMessage[]> {
    // Through the driver: every conversation read asks this (mongoose's query building costs
    // more than the read).
    const docs = await findAll(
      this.model.db
        .collection<MessageDoc>(this.model.collection.collectionName)
        .find({ conversationId }, { sort: { createdAt: -1 }, limit }),
    );
    return docs.map(toMessage).reverse();
  }
}
