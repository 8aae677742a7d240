type Waiting<Key, Result> = { key: Key; resolve: (result: Result) => void; reject: (error: unknown) => void };

/**
 * Calls made within one turn of the event loop, answered by one `load` of all their keys (one result per key, in
 * order): work done side by side — a batch of deliveries — reaches the same step together, so the step's statements
 * become one round trip instead of one each. A call alone waits only for the loop's next check phase
 * (setImmediate). If `load` fails, every call of its turn fails with the same error.
 */
export const coalesceCalls = <Key, Result>(load: (keys: Key[]) => Promise<Result[]>) => {
  let waiting: Waiting<Key, Result>[] = [];
  const flush = () => {
    const calls = waiting;
    waiting = [];
    Promise.resolve()
      .then(() => load(calls.map((call) => call.key)))
      .then(
        (results) => calls.forEach((call, index) => call.resolve(results[index] as Result)),
        (error: unknown) => calls.forEach((call) => call.reject(error)),
      );
  };
  return (key: Key) =>
    new Promise<Result>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
};

/**
 * coalesceCalls per connection or transaction (and per `group`, for statements of different shapes): calls are only
 * put together with calls on the same handle, so a transaction's statements stay in that transaction.
 */
export const coalescePerHandle = <Handle extends object, Key, Result>(
  load: (handle: Handle, group: string, keys: Key[]) => Promise<Result[]>,
) => {
  const byHandle = new WeakMap<Handle, Map<string, (key: Key) => Promise<Result>>>();
  return (handle: Handle, key: Key, group = '') => {
    let groups = byHandle.get(handle);
    if (!groups) byHandle.set(handle, (groups = new Map()));
    let call = groups.get(group);
    if (!call) groups.set(group, (call = coalesceCalls((keys: Key[]) => load(handle, group, keys))));
    return call(key);
  };
};
