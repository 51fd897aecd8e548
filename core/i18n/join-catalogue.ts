// A catalogue made of its parts (en.ts, hi.ts).

type KeysOf<T> = T extends object ? keyof T : never;

/**
 * The parts' keys in one object, a later part's text winning as in a spread. Object.assign rather than a
 * spread literal: V8 builds `{ ...a, ...b, … }` one hidden class per key until ~1,000 keys, each copying the
 * last one's descriptors, which for the ~2,000 keys of a language was ~80 ms and tens of MB of garbage at
 * every start of the server, twice per language (server bundle and web build), and in every browser tab.
 */
export function joinCatalogue<const P extends readonly Readonly<Record<string, string>>[]>(...parts: P): Record<KeysOf<P[number]>, string> {
  return Object.assign({}, ...parts) as Record<KeysOf<P[number]>, string>;
}
