/**
 * A source of client addresses for tests behind `trustProxy` (sent as X-Forwarded-For): each call a
 * new one in 10.<block>.x.y, so throttles that count per IP start from zero for each caller.
 */
export function freshIps(block: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `10.${block}.${Math.floor(count / 250)}.${count % 250}`;
  };
}
