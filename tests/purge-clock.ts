/** The purge's clock and log line, shared by the purge's unit and integration tests. */
export const hour = 60 * 60 * 1000;

/** The line the purge logs, with the count of deleted leads. */
export const purgedLine =
  /^Purge automatique, suppression des messages reçus avant le \d{1,2}(er)? \S+ \d{4}\u202f: (\d+) \(durée de conservation\u202f: 3\u00a0ans, celle de la notice RGPD\)\.$/;

/** A clock the test moves. */
export function clock(start: string) {
  let time = Date.parse(start);
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
}
