/** A deterministic stand-in for Math.random (a linear congruential generator): benches repeat. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
    return seed / 4_294_967_296;
  };
}
