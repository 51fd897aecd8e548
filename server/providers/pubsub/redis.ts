// Issue 33: the pub/sub port on Redis (REDIS_URL), so every instance behind the proxy reaches the others:
// PUBLISH on the shared connection, SUBSCRIBE on one connection of its own (a subscribed Redis connection
// can do nothing else), opened at the first subscription. Held messages are a list per key with a TTL.
// Channels and keys carry REDIS_KEY_PREFIX, as the rate limits' do.
import type { Redis } from "ioredis";
import type { PubSubPort } from "./port.ts";

export function createRedisPubSub(deps: { redis: Redis; keyPrefix: string }): PubSubPort {
  const { redis, keyPrefix } = deps;
  const listeners = new Map<string, Set<(message: string) => void>>();
  let subscriber: Redis | null = null;
  const connection = () => {
    if (!subscriber) {
      subscriber = redis.duplicate();
      subscriber.on("error", () => {}); // the shared connection's handler reports outages once
      subscriber.on("message", (channel: string, message: string) => {
        for (const listener of [...(listeners.get(channel) ?? [])]) listener(message);
      });
    }
    return subscriber;
  };
  const named = (name: string) => `${keyPrefix}${name}`;
  return {
    publish: (channel, message) => redis.publish(named(channel), message),
    async subscribe(channel, listener) {
      const name = named(channel);
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      try {
        await connection().subscribe(name);
      } catch (error) {
        set.delete(listener);
        throw error;
      }
      return async () => {
        set.delete(listener);
        if (set.size > 0) return;
        listeners.delete(name);
        await subscriber?.unsubscribe(name).catch(() => {});
        // Someone subscribed again while this went out: subscribe for them.
        if (listeners.get(name)?.size) await subscriber?.subscribe(name).catch(() => {});
      };
    },
    async hold(key, message, { ttlMs, max }) {
      const name = named(key);
      await redis.multi().rpush(name, message).ltrim(name, -max, -1).pexpire(name, ttlMs).exec();
    },
    async release(key, message) {
      await redis.lrem(named(key), 1, message);
    },
    async takeHeld(key) {
      const name = named(key);
      const replies = await redis.multi().lrange(name, 0, -1).del(name).exec();
      const [error, held] = replies?.[0] ?? [null, []];
      if (error) throw error;
      return (held as string[]) ?? [];
    },
    async close() {
      listeners.clear();
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}
