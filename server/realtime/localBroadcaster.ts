import { Listeners, type Broadcaster, type Deliver, type FeedMessage, type OnGap } from './broadcaster';

/** One instance: a published message goes straight to this process's sockets. */
export class LocalBroadcaster implements Broadcaster {
  private readonly listeners = new Listeners();

  attach(deliver: Deliver, onGap?: OnGap): () => void {
    return this.listeners.attach(deliver, onGap);
  }

  async publish(message: FeedMessage): Promise<void> {
    this.listeners.deliver(message);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
