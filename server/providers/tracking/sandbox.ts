import type { TrackerPort, TrackingEvent } from "./port.ts";

const KEEP = 1000;

/** Records events in memory, newest last (the last 1,000), for /dev/tracking.json and tests. */
export function createSandboxTracker() {
  const events: TrackingEvent[] = [];
  const port: TrackerPort = {
    async record(event) {
      events.push(event);
      if (events.length > KEEP) events.splice(0, events.length - KEEP);
    },
  };
  return { port, events: () => [...events] };
}

export type SandboxTracker = ReturnType<typeof createSandboxTracker>;
