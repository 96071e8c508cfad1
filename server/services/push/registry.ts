import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { LocalPushSender } from './localPushSender';
import type { PushSender } from './types';

/**
 * Which adapter sends push notifications. Only the local default exists. To add a provider (e.g. Firebase
 * Cloud Messaging): write `FcmPushSender implements PushSender` beside LocalPushSender (HTTP v1 API, one
 * request per token or a batch, mapping UNREGISTERED/INVALID_ARGUMENT to 'failed' with the reason), add its
 * settings to server/config.ts (e.g. PUSH_PROVIDER=fcm, FCM_PROJECT_ID, FCM_CREDENTIALS_FILE) and pick it here.
 */
function createPushSender(_config: Config): PushSender {
  return new LocalPushSender();
}

// One adapter per app, keyed by its Config: route plugins see the root's decorations (the same Config object)
// through Fastify's encapsulation, so the root app (tests) and a route module find the same adapter.
const senders = new WeakMap<Config, PushSender>();

/** The app's push adapter, made from its configuration on first use. */
export function pushSenderOf(app: FastifyInstance): PushSender {
  let sender = senders.get(app.config);
  if (!sender) {
    sender = createPushSender(app.config);
    senders.set(app.config, sender);
    app.log.info(`push notifications: ${sender.name}`);
  }
  return sender;
}

/** Replaces the app's adapter (tests use a recording or a failing one). */
export function usePushSender(app: FastifyInstance, sender: PushSender): void {
  senders.set(app.config, sender);
}
