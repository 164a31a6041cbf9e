/** Runs `task` after every earlier task of the same key has settled; other keys are not held up. */
export type OneAtATime = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/**
 * Tasks of one key, one after another, in this process. Counting ratings of one member this way
 * means the version-guarded write almost never loses to a sibling request (each rating costs one
 * read and one write instead of a retry per rating racing it); the guard still covers other
 * processes.
 */
export function oneAtATime(): OneAtATime {
  const tails = new Map<string, Promise<void>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
