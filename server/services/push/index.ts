/** Push notifications to drivers: the adapter interface, the local default, and the message outbox. */
export type { PushDelivery, PushResult, PushSender, PushDeliveryStatus } from './types';
export { LocalPushSender } from './localPushSender';
export { createPushSender, pushSenderOf, usePushSender } from './registry';
export { recordPushMessage, deliverPushMessage, type PushCounts, type RecordedPushMessage } from './outbox';
