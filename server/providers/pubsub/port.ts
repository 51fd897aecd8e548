// Issue 33: messages between server instances (the video KYC call's signalling): publish to a channel,
// delivered to its subscribers on every instance, and a short-lived list per key to hold messages for a
// subscriber who is not there yet. Redis (REDIS_URL: the two-instance set-up, production) or this process's
// memory (one instance, PGlite by default).

export interface PubSubPort {
  /** Delivers `message` to every current subscriber of `channel`, on any instance; answers how many received it. */
  publish(channel: string, message: string): Promise<number>;
  /** Listens to `channel` until the returned function is called; resolves once the subscription holds. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  /** Adds `message` to `key`'s list, kept `ttlMs` after the last addition, the newest `max` only. */
  hold(key: string, message: string, options: { ttlMs: number; max: number }): Promise<void>;
  /** Removes one `message` from `key`'s list (it was delivered after all). */
  release(key: string, message: string): Promise<void>;
  /** Everything held under `key`, oldest first, removed in the same step. */
  takeHeld(key: string): Promise<string[]>;
  /** Closes what the port opened (Redis's subscriber connection). */
  close(): Promise<void>;
}
