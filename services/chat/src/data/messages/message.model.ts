import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/** One chat message; stored with the `chat.message-sent` event it raises (the outbox). */
export interface MessageDoc {
  _id: string;
  conversationId: string;
  proposalId: string;
  senderId: string;
  content: string;
  createdAt: Date;
}

const messageSchema = new Schema<MessageDoc>(
  {
    _id: { type: String },
    conversationId: { type: String, required: true },
    proposalId: { type: String, required: true },
    senderId: { type: String, required: true },
    content: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// A conversation's messages: after(since) oldest first, latest() newest first.
messageSchema.index({ conversationId: 1, createdAt: 1 });
messageSchema.plugin(outboxPlugin);

export function messageModel(conn: Connection): Model<MessageDoc> {
  return (
    (conn.models.ChatMessage as Model<MessageDoc> | undefined) ??
    conn.model<MessageDoc>('ChatMessage', messageSchema, 'messages')
  );
}
