import { createHmac } from 'node:crypto';

/** Record ids are whole numbers below 2^48: safe in JSON and JavaScript, 15 digits at most. */
const HALF_BITS = 24;
const HALF = 2 ** HALF_BITS;
const ROUNDS = 4;

/**
 * Turns a collection's counter into its record ids through a keyed permutation (a 4-round Feistel
 * network over 48 bits with HMAC-SHA256 rounds). A permutation never gives one id twice, so ids
 * are never reused; without the key, one's own ids say nothing about the records other hotels
 * created in between (a plain counter would).
 */
export class RecordIds {
  constructor(private readonly key: Buffer) {}

  private round(collection: string, round: number, half: number): number {
    const mac = createHmac('sha256', this.key).update(`${collection}|${round}|${half}`).digest();
    return mac.readUIntBE(0, 3);
  }

  /** The id of a collection's `counter`-th record (counter ≥ 1). */
  idOf(collection: string, counter: number): number {
    let left = Math.floor(counter / HALF) % HALF;
    let right = counter % HALF;
    for (let round = 0; round < ROUNDS; round += 1) {
      [left, right] = [right, left ^ this.round(collection, round, right)];
    }
    return left * HALF + right;
  }
}
