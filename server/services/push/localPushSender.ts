import type { PushDelivery, PushResult, PushSender } from './types';

/**
 * The default without a push provider: nothing leaves the machine. A delivery with a token is marked 'sent'
 * (it would have been handed to the provider; the push_deliveries rows are the outbox an operator can read),
 * one without a token 'no_token', so the counts the panel shows are the ones a provider would give.
 */
export class LocalPushSender implements PushSender {
  readonly name = 'local (no push provider configured: deliveries are recorded only)';

  async send(deliveries: PushDelivery[]): Promise<PushResult[]> {
    return deliveries.map((d) => ({ deliveryId: d.deliveryId, status: d.pushToken ? 'sent' : 'no_token' }));
  }
}
