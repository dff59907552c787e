/**
 * A wait that ends when its signal aborts, whatever it waits behind: the limiter's queue holds a
 * turn behind the ones before it, and a cancelled trial must not wait for them to be admitted.
 */

/**
 * `work`'s result, or the signal's reason as soon as it aborts. A result that comes after that is
 * handed to `giveBack` (nobody else will use it), so nothing it holds leaks.
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
  giveBack: (late: T) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let gone = false;
    const onAbort = (): void => {
      gone = true;
      reject(signal.reason);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        if (gone) giveBack(v);
        else resolve(v);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
