// Issue 33: the pub/sub port in this process's memory: enough with one server instance (the default, PGlite).
import type { PubSubPort } from "./port.ts";

export function createMemoryPubSub(deps: { now?: () => number } = {}): PubSubPort {
  const now = deps.now ?? Date.now;
  const channels = new Map<string, Set<(message: string) => void>>();
  const lists = new Map<string, { messages: string[]; expiresAt: number }>();
  const live = (key: string) => {
    const list = lists.get(key);
    if (list && list.expiresAt <= now()) lists.delete(key);
    return lists.get(key);
  };
  return {
    async publish(channel, message) {
      const listeners = [...(channels.get(channel) ?? [])];
      for (const listener of listeners) listener(message);
      return listeners.length;
    },
    async subscribe(channel, listener) {
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },
    async hold(key, message, { ttlMs, max }) {
      const list = live(key) ?? { messages: [], expiresAt: 0 };
      list.messages.push(message);
      if (list.messages.length > max) list.messages.splice(0, list.messages.length - max);
      list.expiresAt = now() + ttlMs;
      lists.set(key, list);
    },
    async release(key, message) {
      const list = live(key);
      const at = list?.messages.indexOf(message) ?? -1;
      if (list && at >= 0) list.messages.splice(at, 1);
    },
    async takeHeld(key) {
      const list = live(key);
      lists.delete(key);
      return list?.messages ?? [];
    },
    async close() {
      channels.clear();
      lists.clear();
    },
  };
}
