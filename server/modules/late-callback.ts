// A call one module makes into another that is built after it, where the two need each other (a cycle).
// The caller is built with `call`; the composition root attaches the answering function once both exist
// (docs/decisions/platform.md, decision 65). A call before anything is attached fails loudly, as a
// forward reference would, instead of being dropped.
export function lateCallback<A extends unknown[], R>(what: string) {
  let target: ((...args: A) => Promise<R>) | null = null;
  return {
    call: (...args: A): Promise<R> => (target ? target(...args) : Promise.reject(new Error(`${what}: called before it was attached`))),
    attach(fn: (...args: A) => Promise<R>): void {
      if (target) throw new Error(`${what}: attached twice`);
      target = fn;
    },
  };
}
