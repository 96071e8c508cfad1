/**
 * Push notifications to drivers' phones sit behind this interface (design section 6), so the panel runs and
 * is tested offline and a provider can be plugged in by configuration.
 */

/** One driver's copy of a message, as a row of push_deliveries. */
export interface PushDelivery {
  deliveryId: number;
  driverId: number;
  /** The token the driver's app registered; null when it has not registered for push yet. */
  pushToken: string | null;
  title: string;
  body: string;
}

type PushDeliveryStatus = 'sent' | 'no_token' | 'failed';

/** What became of one delivery; recorded on its push_deliveries row. */
export interface PushResult {
  deliveryId: number;
  status: PushDeliveryStatus;
  /** The provider's reason for a failure. */
  error?: string | null;
}

export interface PushSender {
  /** Shown in the log, so an operator sees which adapter is in use. */
  readonly name: string;
  /**
   * Hands the deliveries to the provider and answers one result per delivery. Must not throw for one
   * driver's failure (answer 'failed' for it); a thrown error marks the whole batch failed.
   */
  send(deliveries: PushDelivery[]): Promise<PushResult[]>;
}
