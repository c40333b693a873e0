/** Small deterministic PRNG helpers (mulberry32 + string hashing) used for seeding. */
export function hashString(s: string): number {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  private state: number;
  constructor(seed: number | string) {
    this.state = (typeof seed === 'number' ? seed : hashString(seed)) >>> 0 || 1;
  }
  /** Float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  }
  /** A digit string of the given length that never starts with 0. */
  digits(length: number): string {
    let s = String(this.int(1, 9));
    while (s.length < length) s += String(Math.floor(this.next() * 10));
    return s;
  }
}
