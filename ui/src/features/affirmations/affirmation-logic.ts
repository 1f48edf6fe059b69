/** A random index in [0, length) that differs from `current` whenever length > 1. */
export function nextAffirmationIndex(
  length: number,
  current: number,
  random: () => number = Math.random,
): number {
  if (length <= 1) return 0;
  const step = 1 + Math.min(length - 2, Math.floor(random() * (length - 1)));
  return (current + step) % length;
}

export function randomAffirmationIndex(length: number, random: () => number = Math.random): number {
  return Math.min(length - 1, Math.floor(random() * length));
}
