import { Schema, type Connection, type Model } from 'mongoose';

interface LastMessage {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
}

/** One conversation per proposal (`_id` derived from the proposal id), between its two parties. */
export interface ConversationDoc {
  _id: string;
  proposalId: string;
  senderId: string;
  receiverId: string;
  participants: string[];
  productIds: string[];
  offeredProductIds: string[];
  /** When the proposal was accepted; absent while it never was. */
  acceptedAt?: Date | null;
  lastMessage?: LastMessage | null;
  senderUnread: number;
  receiverUnread: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const conversationSchema = new Schema<ConversationDoc>(
  {
    _id: { type: String },
    // No index: `_id` is derived from the proposal (conversationIdOf), one conversation per proposal.
    proposalId: { type: String, required: true },
    senderId: { type: String, required: true },
    receiverId: { type: String, required: true },
    participants: { type: [String], required: true },
    productIds: { type: [String], default: [] },
    offeredProductIds: { type: [String], default: [] },
    acceptedAt: { type: Date, default: null },
    lastMessage: {
      type: new Schema<LastMessage>(
        {
          id: String,
          senderId: String,
          content: String,
          createdAt: Date,
        },
        { _id: false },
      ),
      default: null,
    },
    senderUnread: { type: Number, default: 0 },
    receiverUnread: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
);
// A member's conversations, most recent first: find({ participants }).sort({ updatedAt: -1 }).
conversationSchema.index({ participants: 1, updatedAt: -1 });

export function conversationModel(conn: Connection): Model<ConversationDoc> {
  return (
    (conn.models.Conversation as Model<ConversationDoc> | undefined) ??
    conn.model<ConversationDoc>('Conversation', conversationSchema, 'conversations')
  );
}
