import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One claim per scheduled demo reset (`_id` = the hour it belongs to, `YYYY-MM-DDTHH` UTC): the replica
 * whose insert succeeds does that reset, so several replicas and restarts within the hour reset once.
 */
export interface DemoResetDocument {
  _id: string;
  claimedAt: Date;
  ventureId: string | null;
}

const demoResetSchema = new Schema<DemoResetDocument>(
  {
    _id: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    ventureId: { type: String, default: null },
  },
  { collection: 'demo_resets', autoIndex: false, versionKey: false },
);

export type DemoResetModel = Model<DemoResetDocument>;

export function demoResetModel(connection: Connection): DemoResetModel {
  return (
    (connection.models.DemoReset as DemoResetModel | undefined) ??
    connection.model<DemoResetDocument>('DemoReset', demoResetSchema)
  );
}

export interface DemoResetClaims {
  /** True when this caller won the slot (a first insert); false when it was claimed already. */
  claim(slot: string, now: Date): Promise<boolean>;
  done(slot: string, ventureId: string): Promise<void>;
  /** Gives a slot back after a failed reset, so the next run tries again. */
  release(slot: string): Promise<void>;
}

export function createDemoResetClaims(model: DemoResetModel): DemoResetClaims {
  return {
    async claim(slot, now) {
      try {
        await model.create({ _id: slot, claimedAt: now, ventureId: null });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000) return false;
        throw error;
      }
    },
    async done(slot, ventureId) {
      await model.updateOne({ _id: String(slot) }, { $set: { ventureId } });
    },
    async release(slot) {
      await model.deleteOne({ _id: String(slot), ventureId: null });
    },
  };
}
