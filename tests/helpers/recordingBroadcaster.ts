import { ACCESS_CHANNEL, type Broadcaster, type FeedMessage } from '../../server/realtime/broadcaster';

/** Records what the server publishes, standing in for the sockets (the live feed has its own tests). */
export class RecordingBroadcaster implements Broadcaster {
  /** What open screens are told. */
  messages: FeedMessage[] = [];
  /** What instances tell each other about accounts whose access changed (never sent to a screen). */
  accessChanges: FeedMessage[] = [];
  async publish(message: FeedMessage) {
    (message.channel === ACCESS_CHANNEL ? this.accessChanges : this.messages).push(message);
  }
  async close() {}
}
