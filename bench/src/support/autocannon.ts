import autocannon from 'autocannon';

/** One autocannon run, as a promise of its result. */
export function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}
