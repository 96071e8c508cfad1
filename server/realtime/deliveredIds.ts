/**
 * Which log ids (feedLog.ts) this instance has delivered, so each message reaches its sockets once however it arrives:
 * notified, read back by a catch-up, or both (a row committed between the LISTEN and the catch-up's read is both).
 *
 * Ids of concurrent writes can commit out of order (11 visible before 10), so "everything after the highest delivered"
 * could skip a straggler: a catch-up reads from `readBack` ids below the highest delivered and skips those held here.
 * The set keeps at least every delivered id in that reach; older ones are let go.
 */
const READ_BACK = 10_000;

export class DeliveredIds {
  private readonly ids = new Set<number>();
  private high = 0;
  /** Ids up to here were handed out before this instance listened (or before a gap): they are not its to deliver. */
  private floor = 0;

  constructor(private readonly readBack = READ_BACK) {}

  /** Starts afresh at the log's position: on the first LISTEN, and after a gap, when what came before is not replayed. */
  reset(position: number): void {
    this.ids.clear();
    this.floor = position;
    this.high = position;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  add(id: number): void {
    this.ids.add(id);
    if (id > this.high) this.high = id;
    if (this.ids.size > 2 * this.readBack) this.forgetOld();
  }

  /** The highest id delivered (or the position it started from). */
  get highest(): number {
    return this.high;
  }

  /** Where a catch-up reads from (exclusive): a little below the highest delivered, never below the floor. */
  readFrom(): number {
    return Math.max(this.floor, this.high - this.readBack);
  }

  private forgetOld(): void {
    const below = this.readFrom();
    for (const id of this.ids) if (id <= below) this.ids.delete(id);
  }
}
